import Foundation

/// Reads a Health Auto Export document into the points, nights and workouts panda stores, one
/// metric at a time, handing each to `deliver` so that only one metric's points are held at once.
/// Pure: no file, clock or database.
///
/// Every array and key is optional and key order is free. Points that cannot be read (a bad
/// date, a missing value, a unit that does not fit) are counted and skipped; only a document
/// that is not JSON, is cut off, or is not the app's `{"data": {...}}` envelope is refused.
struct HealthAutoExportParser {
  /// What the parser hands over as it reads.
  enum Batch {
    case points([HealthAutoExportPoint])
    case nights([HealthAutoExportNight])
    case workouts([HealthAutoExportWorkout])
  }

  private let zone: TimeZone
  private let deliver: (Batch) throws -> Void
  /// Metric names panda does not use, with their number of points.
  private(set) var unknownMetrics: [String: Int] = [:]
  /// Points, nights and workouts read, whether usable or not.
  private(set) var recordCount = 0
  /// Points, nights and workouts handed to `deliver`.
  private(set) var usableCount = 0
  private(set) var skippedCount = 0
  private(set) var skippedExamples: [String] = []
  private(set) var implausible = 0

  /// Skipped points named in the summary.
  static let skippedExampleLimit = 5

  /// Bare days (`2024-03-14`) are taken as midnight in `zone`.
  init(zone: TimeZone, deliver: @escaping (Batch) throws -> Void) {
    self.zone = zone
    self.deliver = deliver
  }

  /// Reads the whole document. Throws `JSONReader.Failure` for a document that is not JSON or
  /// is cut off, and what `deliver` throws.
  mutating func parse(_ bytes: [UInt8]) throws {
    var reader = JSONReader(bytes)
    guard try reader.peekKind() == .object else {
      throw JSONReader.Failure(offset: reader.offset, reason: "the document is not a JSON object")
    }
    try reader.readObject { reader, key in
      switch key {
      case "data":
        guard try reader.peekKind() == .object else { return try reader.skipValue() }
        try reader.readObject { reader, key in try readSection(key, from: &reader) }
      case "metrics", "workouts":
        try readSection(key, from: &reader)
      default:
        try reader.skipValue()
      }
    }
    try reader.finish()
  }

  private mutating func readSection(_ key: String, from reader: inout JSONReader) throws {
    guard try reader.peekKind() == .array else { return try reader.skipValue() }
    switch key {
    case "metrics":
      try reader.readArray { reader in
        guard try reader.peekKind() == .object else { return try reader.skipValue() }
        try readMetric(from: &reader)
      }
    case "workouts":
      var workouts: [HealthAutoExportWorkout] = []
      try reader.readArray { reader in
        guard try reader.peekKind() == .object else { return try reader.skipValue() }
        recordCount += 1
        let raw = try RawWorkout.read(from: &reader)
        if let workout = raw.workout(zone: zone) {
          workouts.append(workout)
        } else {
          skip("workout \(raw.name ?? "without a name"): no readable start and end")
        }
      }
      try hand(.workouts(workouts), count: workouts.count)
    default:
      // stateOfMind, medications, symptoms, ecg…: panda does not store these yet.
      var count = 0
      try reader.readArray { reader in
        count += 1
        try reader.skipValue()
      }
      recordCount += count
      if count > 0 { unknownMetrics[key, default: 0] += count }
    }
  }

  private mutating func hand(_ batch: Batch, count: Int) throws {
    guard count > 0 else { return }
    usableCount += count
    try deliver(batch)
  }

  private mutating func skip(_ reason: String) {
    skippedCount += 1
    if skippedExamples.count < Self.skippedExampleLimit { skippedExamples.append(reason) }
  }

  /// Reads one `{"name", "units", "data"}` metric; its keys may come in any order, so points
  /// are read raw and converted once the name and units are known.
  private mutating func readMetric(from reader: inout JSONReader) throws {
    var name: String?
    var units: String?
    var raw: [RawPoint] = []
    try reader.readObject { reader, key in
      switch key {
      case "name": name = try reader.readStringIfAny()
      case "units": units = try reader.readStringIfAny()
      case "data":
        guard try reader.peekKind() == .array else { return try reader.skipValue() }
        try reader.readArray { reader in
          guard try reader.peekKind() == .object else { return try reader.skipValue() }
          raw.append(try RawPoint.read(from: &reader))
        }
      default: try reader.skipValue()
      }
    }
    recordCount += raw.count
    guard let name, !raw.isEmpty else { return }
    let lowered = name.lowercased()
    if lowered == "sleep_analysis" {
      try addSleep(raw)
    } else if lowered == "blood_pressure" {
      try addBloodPressure(raw)
    } else if let metric = HealthAutoExportMetric.named(name) {
      try addQuantity(raw, metric: metric, name: name, units: units)
    } else {
      unknownMetrics[name, default: 0] += raw.count
    }
  }

  private mutating func addQuantity(
    _ raw: [RawPoint], metric: HealthAutoExportMetric, name: String, units: String?
  ) throws {
    var converted: [(stamp: HealthAutoExportDate.Stamp, point: HealthAutoExportPoint)] = []
    for (index, point) in raw.enumerated() {
      guard let text = point.date, let stamp = HealthAutoExportDate.parse(text, zone: zone) else {
        skip("\(name) point \(index + 1): no readable date (\(point.date.map { "'\($0)'" } ?? "none"))")
        continue
      }
      guard let sent = point.qty ?? point.average else {
        skip("\(name) point \(index + 1) at \(text): no value")
        continue
      }
      guard let value = metric.convert(sent, from: units) else {
        skip("\(name) point \(index + 1): its unit '\(units ?? "")' is not one panda knows for \(name)")
        continue
      }
      if let limits = ReadingLimits.range(type: metric.type, unit: metric.storedUnit), !limits.contains(value) {
        implausible += 1
        continue
      }
      converted.append(
        (
          stamp,
          HealthAutoExportPoint(
            type: metric.type, unit: metric.storedUnit, start: stamp.instant, end: stamp.instant, value: value,
            minimum: point.minimum.flatMap { metric.convert($0, from: units) },
            maximum: point.maximum.flatMap { metric.convert($0, from: units) }, source: point.source)
        ))
    }
    let length = Self.bucketLength(converted.map(\.stamp))
    var points: [HealthAutoExportPoint] = []
    points.reserveCapacity(converted.count)
    for (stamp, var point) in converted {
      point.end = Self.bucketEnd(start: stamp, length: length, zone: zone)
      points.append(point)
    }
    try hand(.points(points), count: points.count)
  }

  private mutating func addBloodPressure(_ raw: [RawPoint]) throws {
    var points: [HealthAutoExportPoint] = []
    for (index, point) in raw.enumerated() {
      guard let text = point.date, let stamp = HealthAutoExportDate.parse(text, zone: zone) else {
        skip("blood_pressure point \(index + 1): no readable date")
        continue
      }
      guard let systolic = point.systolic, let diastolic = point.diastolic else {
        skip("blood_pressure point \(index + 1) at \(text): no systolic and diastolic values")
        continue
      }
      let readings = [(HealthAutoExportMetric.systolic, systolic), (.diastolic, diastolic)]
      guard
        readings.allSatisfy({ metric, value in
          ReadingLimits.range(type: metric.type, unit: metric.storedUnit)?.contains(value) ?? true
        })
      else {
        implausible += 1
        continue
      }
      for (index, (metric, value)) in readings.enumerated() {
        points.append(
          HealthAutoExportPoint(
            type: metric.type, unit: metric.storedUnit, start: stamp.instant, end: stamp.instant, value: value,
            source: point.source, continuesRecord: index > 0))
      }
    }
    try hand(.points(points), count: points.count / 2)
  }

  private mutating func addSleep(_ raw: [RawPoint]) throws {
    var points: [HealthAutoExportPoint] = []
    var nights: [HealthAutoExportNight] = []
    for (index, point) in raw.enumerated() {
      if let stage = point.stage {
        // A raw segment (summaries off).
        guard let category = Self.sleepCategories[stage.replacingOccurrences(of: " ", with: "").lowercased()] else {
          skip("sleep_analysis segment \(index + 1): unknown stage '\(stage)'")
          continue
        }
        guard let start = point.startDate.flatMap({ HealthAutoExportDate.parse($0, zone: zone) }),
          let end = point.endDate.flatMap({ HealthAutoExportDate.parse($0, zone: zone) }), end.instant > start.instant
        else {
          skip("sleep_analysis segment \(index + 1): no readable start and end")
          continue
        }
        points.append(
          HealthAutoExportPoint(
            type: "HKCategoryTypeIdentifierSleepAnalysis", unit: "", start: start.instant, end: end.instant,
            value: nil, category: category, source: point.source))
        continue
      }
      guard let night = point.night(zone: zone) else {
        skip("sleep_analysis night \(index + 1): no readable sleep end or date")
        continue
      }
      nights.append(night)
    }
    try hand(.points(points), count: points.count)
    try hand(.nights(nights), count: nights.count)
  }

  /// Raw segments' stages (`Core`, `In Bed`…) as HealthKit's sleep category values.
  private static let sleepCategories: [String: String] = [
    "core": "HKCategoryValueSleepAnalysisAsleepCore", "deep": "HKCategoryValueSleepAnalysisAsleepDeep",
    "rem": "HKCategoryValueSleepAnalysisAsleepREM", "awake": "HKCategoryValueSleepAnalysisAwake",
    "asleep": "HKCategoryValueSleepAnalysisAsleepUnspecified", "inbed": "HKCategoryValueSleepAnalysisInBed",
  ]

  /// How long the metric's buckets are, from the spacing of their starts: the app sends only a
  /// bucket's start, and the grouping (seconds to days) is a setting of the automation. A start
  /// with seconds means per-second readings; otherwise the widest grouping the spacing allows.
  static func bucketLength(_ stamps: [HealthAutoExportDate.Stamp]) -> Int64 {
    let starts = Set(stamps.map(\.instant)).sorted()
    guard !stamps.isEmpty else { return 60 }
    func local(_ stamp: HealthAutoExportDate.Stamp) -> Int64 {
      let wall = (stamp.instant + Int64(stamp.offset)) % 86_400
      return wall < 0 ? wall + 86_400 : wall
    }
    if stamps.contains(where: { local($0) % 60 != 0 }) { return 0 }
    let onTheHour = stamps.allSatisfy { local($0) % 3_600 == 0 }
    let atMidnight = stamps.allSatisfy { local($0) == 0 }
    guard starts.count > 1 else { return atMidnight ? 86_400 : onTheHour ? 3_600 : 60 }
    let gap = zip(starts, starts.dropFirst()).map { $1 - $0 }.min() ?? 60
    // Days across a change of the clocks are 23 hours apart.
    if atMidnight && gap >= 82_800 { return 86_400 }
    if onTheHour && gap >= 3_600 { return 3_600 }
    return 60
  }

  /// The end of a bucket starting at `start`: a day bucket ends at the next local midnight (23 or
  /// 25 hours later across a change of the clocks), others `length` seconds later.
  static func bucketEnd(start: HealthAutoExportDate.Stamp, length: Int64, zone: TimeZone) -> Int64 {
    guard length == 86_400 else { return start.instant + length }
    let day = LocalDay.day(of: start.instant, in: zone)
    if LocalDay.start(of: day, in: zone) == start.instant {
      return LocalDay.start(of: day.adding(days: 1), in: zone)
    }
    return start.instant + length
  }
}

/// A metric's point as sent, before its name and units are known.
private struct RawPoint {
  var date: String?
  var qty: Double?
  var minimum: Double?
  var average: Double?
  var maximum: Double?
  var systolic: Double?
  var diastolic: Double?
  var source: String?
  // Sleep: raw segments.
  var startDate: String?
  var endDate: String?
  var stage: String?
  // Sleep: nights.
  var sleepStart: String?
  var sleepEnd: String?
  var asleep: Double?
  var totalSleep: Double?
  var inBed: Double?
  var core: Double?
  var deep: Double?
  var rem: Double?
  var awake: Double?

  static func read(from reader: inout JSONReader) throws -> RawPoint {
    var point = RawPoint()
    try reader.readObject { reader, key in
      switch key {
      case "date": point.date = try reader.readStringIfAny()
      case "qty": point.qty = try reader.readNumberIfAny()
      case "Min", "min": point.minimum = try reader.readNumberIfAny()
      case "Avg", "avg": point.average = try reader.readNumberIfAny()
      case "Max", "max": point.maximum = try reader.readNumberIfAny()
      case "systolic": point.systolic = try reader.readNumberIfAny()
      case "diastolic": point.diastolic = try reader.readNumberIfAny()
      case "source", "sleepSource":
        let source = try reader.readStringIfAny()
        point.source = point.source ?? source
      case "startDate": point.startDate = try reader.readStringIfAny()
      case "endDate": point.endDate = try reader.readStringIfAny()
      case "value": point.stage = try reader.readStringIfAny()
      case "sleepStart": point.sleepStart = try reader.readStringIfAny()
      case "sleepEnd": point.sleepEnd = try reader.readStringIfAny()
      case "asleep": point.asleep = try reader.readNumberIfAny()
      case "totalSleep": point.totalSleep = try reader.readNumberIfAny()
      case "inBed": point.inBed = try reader.readNumberIfAny()
      case "core": point.core = try reader.readNumberIfAny()
      case "deep": point.deep = try reader.readNumberIfAny()
      case "rem": point.rem = try reader.readNumberIfAny()
      case "awake": point.awake = try reader.readNumberIfAny()
      default: try reader.skipValue()
      }
    }
    return point
  }

  /// The night this point summarises. From app 6.6.2 on `asleep` is only the unspecified part
  /// and the stages are given apart; before, `asleep` is all of it.
  func night(zone: TimeZone) -> HealthAutoExportNight? {
    let end = sleepEnd.flatMap { HealthAutoExportDate.parse($0, zone: zone) }
    guard let anchor = end ?? date.flatMap({ HealthAutoExportDate.parse($0, zone: zone) }) else { return nil }
    let staged = core != nil || deep != nil || rem != nil
    let total =
      totalSleep.flatMap { $0 > 0 ? $0 : nil }
      ?? (staged ? (core ?? 0) + (deep ?? 0) + (rem ?? 0) + (asleep ?? 0) : asleep)
    let wall = anchor.instant + Int64(anchor.offset)
    let day = CalendarDay(ordinal: Int(wall >= 0 ? wall / 86_400 : (wall - 86_399) / 86_400))
    return HealthAutoExportNight(
      day: day.iso, sleepStart: sleepStart.flatMap { HealthAutoExportDate.parse($0, zone: zone)?.instant },
      sleepEnd: anchor.instant, asleep: total.flatMap { $0 > 0 ? $0 : nil }, inBed: inBed.flatMap { $0 > 0 ? $0 : nil },
      core: staged ? core ?? 0 : nil, deep: staged ? deep ?? 0 : nil, rem: staged ? rem ?? 0 : nil, awake: awake,
      source: source)
  }
}

/// A workout as sent: version 1 gives summaries as `{qty, units}` objects, version 2 adds an id
/// and a duration and gives some of the same keys as time series (arrays).
private struct RawWorkout {
  var name: String?
  var id: String?
  var start: String?
  var end: String?
  var duration: Double?
  var distance: Double?
  var activeEnergyBurned: Double?
  var activeEnergy: Double?
  var totalEnergy: Double?

  static func read(from reader: inout JSONReader) throws -> RawWorkout {
    var workout = RawWorkout()
    try reader.readObject { reader, key in
      switch key {
      case "name": workout.name = try reader.readStringIfAny()
      case "id": workout.id = try reader.readStringIfAny()
      case "start": workout.start = try reader.readStringIfAny()
      case "end": workout.end = try reader.readStringIfAny()
      case "duration": workout.duration = try reader.readNumberIfAny()
      case "distance": workout.distance = try readQuantity(from: &reader, as: .distance)
      case "activeEnergyBurned": workout.activeEnergyBurned = try readQuantity(from: &reader, as: .energy)
      case "activeEnergy": workout.activeEnergy = try readQuantity(from: &reader, as: .energy)
      case "totalEnergy": workout.totalEnergy = try readQuantity(from: &reader, as: .energy)
      default: try reader.skipValue()
      }
    }
    return workout
  }

  /// A `{qty, units}` summary (version 1 and 2), or the sum of a `[{qty, units}]` time series
  /// (version 2), in the stored unit of `dimension`.
  private static func readQuantity(
    from reader: inout JSONReader, as dimension: HealthAutoExportMetric.Dimension
  ) throws -> Double? {
    let converter = HealthAutoExportMetric(type: "", storedUnit: "", dimension: dimension)
    func readOne(_ reader: inout JSONReader) throws -> Double? {
      guard try reader.peekKind() == .object else {
        try reader.skipValue()
        return nil
      }
      var qty: Double?
      var units: String?
      try reader.readObject { reader, key in
        switch key {
        case "qty": qty = try reader.readNumberIfAny()
        case "units": units = try reader.readStringIfAny()
        default: try reader.skipValue()
        }
      }
      return qty.flatMap { converter.convert($0, from: units) }
    }
    switch try reader.peekKind() {
    case .object: return try readOne(&reader)
    case .array:
      var total: Double?
      try reader.readArray { reader in
        if let value = try readOne(&reader) { total = (total ?? 0) + value }
      }
      return total
    default:
      try reader.skipValue()
      return nil
    }
  }

  func workout(zone: TimeZone) -> HealthAutoExportWorkout? {
    guard let start = start.flatMap({ HealthAutoExportDate.parse($0, zone: zone) }),
      let end = end.flatMap({ HealthAutoExportDate.parse($0, zone: zone) }), end.instant >= start.instant
    else { return nil }
    let name = self.name ?? "Workout"
    return HealthAutoExportWorkout(
      activityType: HealthAutoExportWorkout.activityType(forName: name), name: name, start: start.instant,
      end: end.instant, durationSeconds: duration.flatMap { $0 > 0 ? $0 : nil }, distanceKilometres: distance,
      energyKilocalories: activeEnergyBurned ?? activeEnergy ?? totalEnergy, id: id)
  }
}
