import Foundation
import PandaCore

/// Reads a Health Auto Export document into the points, nights and workouts panda stores, one
/// metric at a time, handing each to `deliver` so that only one metric's points are held at once.
/// Pure: no file, clock or database.
///
/// Every array and key is optional and key order is free. Points that cannot be read (a bad
/// date, a missing value, a unit that does not fit, an interval that ends before it starts) are
/// counted and skipped, impossible values (outside `ReadingLimits`) counted as implausible. A
/// document that is not JSON, is cut off, is not the app's `{"data": {...}}` envelope, holds a
/// name, unit, source or date longer than `FieldLimits` allow, or a date before 2000 or after
/// `notAfter`, is refused: such a document is not a phone's.
struct HealthAutoExportParser {
  /// What the parser hands over as it reads.
  enum Batch: Sendable {
    case points([HealthAutoExportPoint])
    case nights([HealthAutoExportNight])
    case workouts([HealthAutoExportWorkout])
    /// Symptoms, as the export's category records (see `HealthAutoExportSymptom`).
    case symptoms([HealthAutoExportPoint])
    case statesOfMind([HealthAutoExportStateOfMind])
  }

  private let zone: TimeZone
  /// The last day accepted: the day after the document arrived, in `zone`.
  private let latestDay: CalendarDay
  /// Instants well inside the days accepted, whose days need not be worked out.
  private let surelyAccepted: ClosedRange<Int64>
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
  /// The offsets the points' dates were written with (bare days, which carry none, left out).
  private(set) var offsets = ZoneEvidence.Collector()
  /// Entries of the arrays read that are not objects (`[1, 2]` where points belong): nothing
  /// panda can use, but entries all the same.
  private(set) var notObjects = 0
  /// Whether the document has the app's envelope: a `"data"` object, or `"metrics"` or
  /// `"workouts"` arrays.
  private(set) var sawEnvelope = false

  /// What was read, in numbers: the part of a reading the importer records.
  struct Counts: Sendable {
    /// Points, nights and workouts read, whether usable or not.
    var records: Int
    /// Those handed over to be stored.
    var usable: Int
    /// Those that could not be read.
    var skipped: Int
    /// A few skipped ones, described.
    var skippedExamples: [String]
    /// Metric names panda does not use, with their number of points.
    var unknownMetrics: [String: Int]
    /// Readings outside `ReadingLimits`.
    var implausible: Int
    /// What the dates say about the phone's time zone: the app writes each with its own offset.
    var zone = ZoneEvidence()
  }

  /// The counts so far.
  var counts: Counts {
    Counts(
      records: recordCount, usable: usableCount, skipped: skippedCount, skippedExamples: skippedExamples,
      unknownMetrics: unknownMetrics, implausible: implausible, zone: ZoneEvidence(offsets: offsets.offsets))
  }

  /// Skipped points named in the summary.
  static let skippedExampleLimit = 5

  /// 2000-01-01: nothing in Apple Health is older.
  static let earliestDay = CalendarDay(ordinal: 10_957)

  /// The longest strings read, in bytes; a longer one refuses the document.
  enum FieldLimits {
    static let name = 200
    static let units = 40
    static let source = 500
    static let date = 64
    static let identifier = 200
  }

  /// Bare days (`2024-03-14`) are taken as midnight in `zone`. A document that arrived at
  /// `receivedAt` (seconds since 1970) may hold dates from 2000-01-01 to the day after the one
  /// it arrived on in `zone`, both as written and as the day they fall on in `zone`.
  init(zone: TimeZone, receivedAt: Int64, deliver: @escaping (Batch) throws -> Void) {
    self.zone = zone
    latestDay = LocalDay.day(of: receivedAt, in: zone).adding(days: 1)
    // Offsets stay within a day either way: two days' margin leaves no doubt.
    let lower = Int64(Self.earliestDay.ordinal + 2) * 86_400
    surelyAccepted = lower...max(lower, Int64(latestDay.ordinal - 1) * 86_400)
    self.deliver = deliver
  }

  /// `stamp` when its day lies between 2000-01-01 and `latestDay`; else a failure at `offset`
  /// naming `field`.
  private func checked(_ stamp: HealthAutoExportDate.Stamp, field: String, at offset: Int) throws(JSONReader.Failure)
    -> HealthAutoExportDate.Stamp
  {
    try checked(stamp.instant, offset: stamp.offset, field: field, at: offset)
    return stamp
  }

  /// Refuses an instant whose day, as written (in `offset`, else in `zone`) or as it falls in
  /// `zone`, is before 2000-01-01 or after `latestDay`.
  private func checked(_ instant: Int64, offset: Int? = nil, field: String, at position: Int)
    throws(JSONReader.Failure)
  {
    guard !surelyAccepted.contains(instant) else { return }
    let counted = LocalDay.day(of: instant, in: zone)
    var written = counted
    if let offset {
      let wall = instant + Int64(offset)
      written = CalendarDay(ordinal: Int(wall >= 0 ? wall / 86_400 : (wall - 86_399) / 86_400))
    }
    let day: CalendarDay
    var place = ""
    if written < Self.earliestDay || written > latestDay {
      day = written
    } else if counted < Self.earliestDay || counted > latestDay {
      day = counted
      place = " in \(zone.identifier)"
    } else {
      return
    }
    throw JSONReader.Failure(
      offset: position,
      reason: "a \(field) is dated \(day.iso)\(place); dates must lie between 2000-01-01 and tomorrow "
        + "(\(latestDay.iso))")
  }

  /// Reads the whole document. Throws `JSONReader.Failure` for a document that is not JSON or
  /// is cut off, and what `deliver` throws.
  mutating func parse(_ bytes: [UInt8]) throws {
    var reader = JSONReader(bytes)
    if try HealthAutoExportEnvelope.read(&reader, section: { reader, key in try readSection(key, from: &reader) }) {
      sawEnvelope = true
    }
  }

  private mutating func readSection(_ key: String, from reader: inout JSONReader) throws {
    guard try reader.peekKind() == .array else {
      guard Self.sections.contains(key) else { return try reader.skipValue() }
      return try skipNonList(from: &reader, what: "\"\(key)\"")
    }
    sawEnvelope = sawEnvelope || key == "metrics" || key == "workouts"
    switch key {
    case "metrics":
      try reader.readArray { reader in
        guard try reader.peekKind() == .object else {
          notObjects += 1
          return try reader.skipValue()
        }
        try readMetric(from: &reader)
      }
    case "workouts":
      var workouts: [HealthAutoExportWorkout] = []
      try reader.readArray { reader in
        guard try reader.peekKind() == .object else {
          notObjects += 1
          return try reader.skipValue()
        }
        recordCount += 1
        let offset = reader.offset
        let raw = try RawWorkout.read(from: &reader)
        guard let workout = raw.workout(zone: zone) else {
          skip(
            "workout \(raw.name.map { EchoedText.quoted($0, limit: 40) } ?? "without a name"): no readable start "
              + "and end, or it ends before it starts")
          return
        }
        try checked(workout.start, field: "workout", at: offset)
        try checked(workout.end, field: "workout", at: offset)
        guard workout.durationSeconds.map(ReadingLimits.workoutSeconds.contains) != false,
          workout.distanceKilometres.map(ReadingLimits.workoutKilometres.contains) != false,
          workout.energyKilocalories.map(ReadingLimits.workoutKilocalories.contains) != false
        else {
          implausible += 1
          return
        }
        workouts.append(workout)
      }
      try hand(.workouts(workouts), count: workouts.count)
    case "symptoms", "stateOfMind":
      var symptoms: [HealthAutoExportPoint] = []
      var states: [HealthAutoExportStateOfMind] = []
      var number = 0
      try reader.readArray { reader in
        guard try reader.peekKind() == .object else {
          notObjects += 1
          return try reader.skipValue()
        }
        recordCount += 1
        number += 1
        let offset = reader.offset
        let raw = try RawEntry.read(from: &reader)
        if key == "symptoms" {
          if let point = try symptom(raw, number: number, at: offset) { symptoms.append(point) }
        } else if let state = try stateOfMind(raw, number: number, at: offset) {
          states.append(state)
        }
      }
      try hand(.symptoms(symptoms), count: symptoms.count)
      try hand(.statesOfMind(states), count: states.count)
    default:
      // medications, cycleTracking, ecg…: panda does not store these yet.
      var count = 0
      try reader.readArray { reader in
        count += 1
        try reader.skipValue()
      }
      recordCount += count
      if count > 0 { unknownMetrics[EchoedText.quoted(key, limit: 40), default: 0] += count }
    }
  }

  /// The sections the app sends, each a list; any other key in `data` is left alone.
  static let sections: Set<String> = [
    "metrics", "workouts", "symptoms", "stateOfMind", "medications", "cycleTracking", "ecg", "heartRateNotifications",
  ]

  /// Reads past a value, named by `what`, where the app sends a list: `null` stands for an empty
  /// one, and anything else is one record skipped with its reason, so that a string where the
  /// symptoms go is not taken for no symptoms.
  private mutating func skipNonList(from reader: inout JSONReader, what: String) throws {
    let kind = try reader.peekKind()
    try reader.skipValue()
    guard kind != .null else { return }
    recordCount += 1
    skip("\(what) is \(kind.described), not a list")
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

  /// A symptom entry as the export's category record, or `nil`, counted as skipped, when its
  /// name is not one of Health's symptoms, its severity is unknown or its dates do not read.
  private mutating func symptom(_ raw: RawEntry, number: Int, at offset: Int) throws -> HealthAutoExportPoint? {
    let shown = raw.name.map { "'\(EchoedText.quoted($0, limit: 40))'" } ?? "without a name"
    guard let name = raw.name, let type = HealthAutoExportSymptom.type(named: name) else {
      skip("symptom \(number) \(shown): not one of Health's symptom types")
      return nil
    }
    guard let category = HealthAutoExportSymptom.category(severity: raw.severity, for: type) else {
      skip(
        "symptom \(number) \(shown): its severity '\(EchoedText.quoted(raw.severity ?? "", limit: 40))' is not one "
          + "panda knows")
      return nil
    }
    guard let interval = try interval(of: raw, field: "symptom", at: offset) else {
      skip("symptom \(number) \(shown): no readable start and end, or it ends before it starts")
      return nil
    }
    return HealthAutoExportPoint(
      type: type.identifier, unit: "", start: interval.start, end: interval.end, value: nil, category: category,
      source: raw.source)
  }

  /// A State of Mind entry as sent, or `nil` when its dates do not read (skipped) or its valence
  /// is outside −1 to 1 (implausible).
  private mutating func stateOfMind(_ raw: RawEntry, number: Int, at offset: Int) throws
    -> HealthAutoExportStateOfMind?
  {
    guard let interval = try interval(of: raw, field: "stateOfMind entry", at: offset) else {
      skip("stateOfMind entry \(number): no readable start and end, or it ends before it starts")
      return nil
    }
    if let valence = raw.valence, !(-1.0...1.0).contains(valence) {
      implausible += 1
      return nil
    }
    return HealthAutoExportStateOfMind(
      id: raw.id ?? "\(interval.start) \(raw.kind ?? "")", start: interval.start, end: interval.end, kind: raw.kind,
      valence: raw.valence, labels: raw.labels, associations: raw.associations)
  }

  /// An entry's start and end (its start when it has no end), checked as every date is; `nil`
  /// when the start or end cannot be read or the end comes before the start.
  private mutating func interval(of raw: RawEntry, field: String, at offset: Int) throws -> (start: Int64, end: Int64)?
  {
    guard let text = raw.start, let start = HealthAutoExportDate.parse(text, zone: zone) else { return nil }
    _ = try checked(start, field: field, at: offset)
    var end = start
    if let endText = raw.end {
      guard let parsed = HealthAutoExportDate.parse(endText, zone: zone) else { return nil }
      end = try checked(parsed, field: field, at: offset)
    }
    guard end.instant >= start.instant else { return nil }
    if text.utf8.count > 10 { offsets.note(instant: start.instant, seconds: start.offset) }
    return (start.instant, end.instant)
  }

  /// Reads one `{"name", "units", "data"}` metric; its keys may come in any order. When the name
  /// and units come before the points, as the app sends them, a quantity's points are converted
  /// as they are read; otherwise they are read raw and converted once the name and units are known.
  private mutating func readMetric(from reader: inout JSONReader) throws {
    var name: String?
    var units: String?
    var raw: [RawPoint] = []
    var streamed: QuantityPoints?
    var lastSource: String?
    try reader.readObject { reader, key in
      switch key {
      case "name": name = try reader.readStringIfAny(field: "metric's name", atMost: FieldLimits.name)
      case "units": units = try reader.readStringIfAny(field: "metric's units", atMost: FieldLimits.units)
      case "data":
        guard try reader.peekKind() == .array else {
          let shown = name.map { " '\(EchoedText.quoted($0, limit: 40))'" } ?? ""
          return try skipNonList(from: &reader, what: "the data of metric\(shown)")
        }
        if streamed == nil, raw.isEmpty, let name, let units, let metric = Self.quantity(named: name) {
          streamed = QuantityPoints(metric: metric, name: name, units: units)
        }
        try reader.readArray { reader in
          guard try reader.peekKind() == .object else {
            notObjects += 1
            return try reader.skipValue()
          }
          var point = try RawPoint.read(from: &reader)
          // Consecutive points mostly share their source: one copy of it is kept.
          if let source = point.source, source == lastSource {
            point.source = lastSource
          } else {
            lastSource = point.source
          }
          if streamed == nil {
            raw.append(point)
          } else {
            recordCount += 1
            try convert(point, into: &streamed!)
          }
        }
      default: try reader.skipValue()
      }
    }
    if streamed != nil {
      // Dropped here so that ending the buckets changes the one copy of the points.
      var points = streamed!
      streamed = nil
      // A point dated outside 2000 to tomorrow refuses the document once the metric is read
      // whole, as when its points are converted after reading.
      if let failure = points.failure { throw failure }
      return try hand(&points)
    }
    recordCount += raw.count
    guard let name, !raw.isEmpty else { return }
    let lowered = name.lowercased()
    if lowered == "sleep_analysis" {
      try addSleep(raw)
    } else if lowered == "blood_pressure" {
      try addBloodPressure(raw)
    } else if let metric = HealthAutoExportMetric.named(name) {
      var points = QuantityPoints(metric: metric, name: name, units: units)
      for point in raw {
        try convert(point, into: &points)
        if let failure = points.failure { throw failure }
      }
      try hand(&points)
    } else {
      unknownMetrics[EchoedText.quoted(name, limit: 40), default: 0] += raw.count
    }
  }

  /// The quantity metric called `name`; `nil` for sleep, blood pressure and names panda does not know.
  private static func quantity(named name: String) -> HealthAutoExportMetric? {
    let lowered = name.lowercased()
    guard lowered != "sleep_analysis", lowered != "blood_pressure" else { return nil }
    return HealthAutoExportMetric.named(name)
  }

  /// Converts one point of a quantity metric into `points`, or counts it as skipped or
  /// implausible; after a point dated outside 2000 to tomorrow, notes the failure and converts
  /// nothing more.
  private mutating func convert(_ point: RawPoint, into points: inout QuantityPoints) throws {
    guard points.failure == nil else { return }
    points.read += 1
    let shownName = points.shownName
    let metric = points.metric
    let units = points.units
    guard let text = point.date, let parsed = HealthAutoExportDate.parse(text, zone: zone) else {
      skip(
        "\(shownName) point \(points.read): no readable date (\(point.date.map { "'\(EchoedText.quoted($0))'" } ?? "none"))"
      )
      return
    }
    let stamp: HealthAutoExportDate.Stamp
    do throws(JSONReader.Failure) {
      stamp = try checked(parsed, field: "\(shownName) point", at: point.offset)
    } catch {
      points.failure = error
      return
    }
    guard let sent = point.qty ?? point.average else {
      skip("\(shownName) point \(points.read) at \(text): no value")
      return
    }
    guard let value = points.convert(sent) else {
      skip(
        "\(shownName) point \(points.read): its unit '\(EchoedText.quoted(units ?? ""))' is not one panda knows "
          + "for \(shownName)")
      return
    }
    let minimum = point.minimum.flatMap(points.convert)
    let maximum = point.maximum.flatMap(points.convert)
    if let limits = points.limits,
      !limits.contains(value) || minimum.map(limits.contains) == false || maximum.map(limits.contains) == false
    {
      implausible += 1
      return
    }
    points.stamps.append(stamp)
    if text.utf8.count > 10 { offsets.note(instant: stamp.instant, seconds: stamp.offset) }
    points.points.append(
      HealthAutoExportPoint(
        type: metric.type, unit: metric.storedUnit, start: stamp.instant, end: stamp.instant, value: value,
        minimum: minimum, maximum: maximum, source: point.source))
  }

  /// Ends each of a quantity metric's buckets, from their spacing, and hands them over.
  private mutating func hand(_ quantity: inout QuantityPoints) throws {
    let length = Self.bucketLength(quantity.stamps)
    for index in quantity.points.indices {
      quantity.points[index].end = Self.bucketEnd(start: quantity.stamps[index], length: length, zone: zone)
    }
    quantity.stamps = []
    try hand(.points(quantity.points), count: quantity.points.count)
  }

  private mutating func addBloodPressure(_ raw: [RawPoint]) throws {
    var points: [HealthAutoExportPoint] = []
    for (index, point) in raw.enumerated() {
      guard let text = point.date, let parsed = HealthAutoExportDate.parse(text, zone: zone) else {
        skip("blood_pressure point \(index + 1): no readable date")
        continue
      }
      let stamp = try checked(parsed, field: "blood_pressure point", at: point.offset)
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
          skip("sleep_analysis segment \(index + 1): unknown stage '\(EchoedText.quoted(stage, limit: 40))'")
          continue
        }
        guard let start = point.startDate.flatMap({ HealthAutoExportDate.parse($0, zone: zone) }),
          let end = point.endDate.flatMap({ HealthAutoExportDate.parse($0, zone: zone) })
        else {
          skip("sleep_analysis segment \(index + 1): no readable start and end")
          continue
        }
        _ = try checked(start, field: "sleep_analysis segment", at: point.offset)
        _ = try checked(end, field: "sleep_analysis segment", at: point.offset)
        guard end.instant > start.instant else {
          skip("sleep_analysis segment \(index + 1): it ends before it starts")
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
      try checked(night.sleepEnd, field: "sleep_analysis night", at: point.offset)
      if let start = night.sleepStart {
        try checked(start, field: "sleep_analysis night", at: point.offset)
        guard start <= night.sleepEnd else {
          skip("sleep_analysis night \(index + 1): it ends before it starts")
          continue
        }
      }
      let hours = [night.asleep, night.inBed, night.core, night.deep, night.rem, night.awake].compactMap { $0 }
      guard hours.allSatisfy(ReadingLimits.nightHours.contains) else {
        implausible += 1
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

extension HealthAutoExportParser {
  /// A quantity metric's points as they are converted, with the start each was sent with.
  private struct QuantityPoints {
    let metric: HealthAutoExportMetric
    /// The metric's name as it may be shown.
    let shownName: String
    let units: String?
    var points: [HealthAutoExportPoint] = []
    var stamps: [HealthAutoExportDate.Stamp] = []
    /// Points read so far, numbering them in what is skipped.
    var read = 0
    /// The first point dated outside 2000 to tomorrow: the document is refused.
    var failure: JSONReader.Failure?
    /// The metric's possible readings, looked up once rather than per point.
    let limits: ClosedRange<Double>?
    /// A value in `units` in the unit panda stores, or `nil` when the units do not fit.
    let convert: (Double) -> Double?

    init(metric: HealthAutoExportMetric, name: String, units: String?) {
      self.metric = metric
      shownName = EchoedText.quoted(name, limit: 40)
      self.units = units
      limits = ReadingLimits.range(type: metric.type, unit: metric.storedUnit)
      convert = metric.converter(from: units)
    }
  }

  /// A metric's point as sent, before its name and units are known.
  private struct RawPoint {
    /// Where the point starts in the document.
    var offset = 0
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
      typealias Limits = HealthAutoExportParser.FieldLimits
      var point = RawPoint()
      point.offset = reader.offset
      try reader.readObject { reader, key in
        switch key {
        case "date": point.date = try reader.readStringIfAny(field: "date of a point", atMost: Limits.date)
        case "qty": point.qty = try reader.readNumberIfAny()
        case "Min", "min": point.minimum = try reader.readNumberIfAny()
        case "Avg", "avg": point.average = try reader.readNumberIfAny()
        case "Max", "max": point.maximum = try reader.readNumberIfAny()
        case "systolic": point.systolic = try reader.readNumberIfAny()
        case "diastolic": point.diastolic = try reader.readNumberIfAny()
        case "source", "sleepSource":
          // Stored, then printed: control characters are kept escaped (`\u{1B}`), never raw.
          let source = try reader.readStringIfAny(field: "source of a point", atMost: Limits.source)
          point.source = point.source ?? source.map(EchoedText.escaped)
        case "startDate":
          point.startDate = try reader.readStringIfAny(field: "startDate of a point", atMost: Limits.date)
        case "endDate": point.endDate = try reader.readStringIfAny(field: "endDate of a point", atMost: Limits.date)
        case "value": point.stage = try reader.readStringIfAny(field: "value of a point", atMost: Limits.name)
        case "sleepStart":
          point.sleepStart = try reader.readStringIfAny(field: "sleepStart of a point", atMost: Limits.date)
        case "sleepEnd": point.sleepEnd = try reader.readStringIfAny(field: "sleepEnd of a point", atMost: Limits.date)
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
        sleepEnd: anchor.instant, asleep: total.flatMap { $0 > 0 ? $0 : nil },
        inBed: inBed.flatMap { $0 > 0 ? $0 : nil },
        core: staged ? core ?? 0 : nil, deep: staged ? deep ?? 0 : nil, rem: staged ? rem ?? 0 : nil, awake: awake,
        source: source)
    }
  }

  /// A symptom or State of Mind entry as sent (`{"start", "end", "name", "severity", "source"}`,
  /// `{"id", "start", "end", "kind", "labels", "associations", "valence"}`).
  private struct RawEntry {
    var start: String?
    var end: String?
    var name: String?
    var severity: String?
    var source: String?
    var id: String?
    var kind: String?
    var valence: Double?
    var labels: [String] = []
    var associations: [String] = []

    static func read(from reader: inout JSONReader) throws -> RawEntry {
      typealias Limits = HealthAutoExportParser.FieldLimits
      var entry = RawEntry()
      try reader.readObject { reader, key in
        switch key {
        case "start": entry.start = try reader.readStringIfAny(field: "start of an entry", atMost: Limits.date)
        case "end": entry.end = try reader.readStringIfAny(field: "end of an entry", atMost: Limits.date)
        case "name": entry.name = try reader.readStringIfAny(field: "name of a symptom", atMost: Limits.name)
        case "severity":
          entry.severity = try reader.readStringIfAny(field: "severity of a symptom", atMost: Limits.name)
        // Stored, then printed: control characters are kept escaped (`\u{1B}`), never raw.
        case "source":
          entry.source = try reader.readStringIfAny(field: "source of an entry", atMost: Limits.source).map(
            EchoedText.escaped)
        case "id":
          entry.id = try reader.readStringIfAny(field: "id of an entry", atMost: Limits.identifier).map(
            EchoedText.escaped)
        case "kind":
          entry.kind = try reader.readStringIfAny(field: "kind of an entry", atMost: Limits.name).map(
            EchoedText.escaped)
        case "valence": entry.valence = try reader.readNumberIfAny()
        case "labels": entry.labels = try readWords(from: &reader, field: "label of an entry")
        case "associations": entry.associations = try readWords(from: &reader, field: "association of an entry")
        default: try reader.skipValue()
        }
      }
      return entry
    }

    /// An array of strings, the first `HealthAutoExportStateOfMind.wordLimit` kept; anything
    /// else reads as none.
    private static func readWords(from reader: inout JSONReader, field: String) throws -> [String] {
      guard try reader.peekKind() == .array else {
        try reader.skipValue()
        return []
      }
      var words: [String] = []
      try reader.readArray { reader in
        let word = try reader.readStringIfAny(field: field, atMost: HealthAutoExportParser.FieldLimits.name)
        if let word, words.count < HealthAutoExportStateOfMind.wordLimit { words.append(EchoedText.escaped(word)) }
      }
      return words
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
      typealias Limits = HealthAutoExportParser.FieldLimits
      var workout = RawWorkout()
      try reader.readObject { reader, key in
        switch key {
        // Stored, then printed: control characters are kept escaped (`\u{1B}`), never raw.
        case "name":
          workout.name = try reader.readStringIfAny(field: "name of a workout", atMost: Limits.name).map(
            EchoedText.escaped)
        case "id":
          workout.id = try reader.readStringIfAny(field: "id of a workout", atMost: Limits.identifier).map(
            EchoedText.escaped)
        case "start": workout.start = try reader.readStringIfAny(field: "start of a workout", atMost: Limits.date)
        case "end": workout.end = try reader.readStringIfAny(field: "end of a workout", atMost: Limits.date)
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
          case "units":
            units = try reader.readStringIfAny(
              field: "units of a workout", atMost: HealthAutoExportParser.FieldLimits.units)
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
}
