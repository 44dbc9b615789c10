import PandaCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns the scanner's tags into `ExportItem`s: a state machine over the export's elements.
///
/// Only tags matter; depth says whether a tag is a top-level item or a child of the item being
/// built. Records that cannot be read are counted and the first few remembered with their line.
struct ExportDecoder: XMLTagHandler {
  /// How many skipped records are remembered with their line numbers.
  static let rememberedSkips = 5

  private let emit: (ExportItem) throws -> Void
  private var depth = 0
  private var pending: Pending = .none
  private var strings = RecentStrings()
  private var conversions: [String: UnitNormalizer.Conversion] = [:]
  private var lastConversion: (type: String, unit: String, conversion: UnitNormalizer.Conversion)?

  private(set) var sawRoot = false
  private(set) var rootClosed = false
  private(set) var recordCount = 0
  private(set) var skippedCount = 0
  private(set) var skipped: [SkippedRecord] = []
  /// Records dated after the export was made (clock glitches) or before 2000: not data.
  private(set) var outOfRangeCount = 0
  /// Readings no body produces (see `ReadingLimits`), by short type name: not data.
  private(set) var implausible: [String: Int] = [:]
  /// When the export was made, once its `ExportDate` has been read.
  private(set) var exportDate: Int64?
  /// The offset the `ExportDate` was written with, at that date.
  private(set) var exportOffset: ZoneEvidence.Offset?
  /// The offsets the records' dates were written with, and the zones they name.
  private(set) var zone = ZoneEvidence.Collector()
  /// 2000-01-01 00:00 UTC: nothing in Apple Health is older.
  static let earliestInstant: Int64 = 946_684_800
  /// Whether the record being read stands at top level (members of a correlation are not
  /// counted again).
  private var readingTopLevel = false
  /// Top-level elements panda does not store (`ClinicalRecord`, `Audiogram`…), by name.
  private(set) var otherElements: [String: Int] = [:]
  /// Records skipped inside blocks an earlier import stored (see `ExportBlock`): already stored.
  private(set) var recognizedCount = 0
  /// The block being read: its top-level records and items, its latest record, and whether
  /// every item in it was read and will be stored.
  private var block = (records: 0, items: 0, latest: Int64.min, earliest: Int64.max, isWhole: true)
  /// The runs of the blocks skipped as already stored: their rows are in this export.
  private(set) var recognizedRuns: [Int64] = []
  /// The earliest start among the items of the blocks skipped as already stored.
  private(set) var recognizedEarliest = Int64.max

  /// A record being read, with the children that become its JSON columns.
  private struct OpenRecord {
    var type: String
    var origin: SampleOrigin
    var unit: String?
    var value: Double?
    var category: String?
    var start: Int64
    var end: Int64
    var created: Int64?
    var metadata: [(key: String, value: String)]
    var beats: [(time: String, bpm: Double)] = []

    /// The record, its metadata and beats encoded as stored.
    func finished() -> ExportItem.Sample {
      ExportItem.Sample(
        type: type, origin: origin, unit: unit, value: value, category: category, start: start, end: end,
        created: created, metadataJSON: JSONText.object(metadata),
        beatsJSON: beats.isEmpty ? nil : JSONText.beats(beats))
    }
  }

  private enum Pending {
    case none
    case record(OpenRecord)
    case correlation(ExportItem.Correlation, member: OpenRecord?)
    case workout(ExportItem.Workout)
    case skippedItem
  }

  init(emit: @escaping (ExportItem) throws -> Void) {
    self.emit = emit
  }

  /// Whether the open elements still need closing: the input ended inside the export.
  var isInsideExport: Bool { sawRoot && !rootClosed }

  var isBetweenItems: Bool { depth == 1 && sawRoot }

  var blockIsWhole: Bool { block.isWhole }

  /// Tells the writer that a run of items begins (see `ExportItem.runStart`).
  mutating func beginBlock() throws {
    block = (0, 0, Int64.min, Int64.max, true)
    try emit(.runStart)
  }

  /// Emits the block for the writer to record once its items are stored, unless one of them was
  /// skipped, out of range or impossible, or was not a record, correlation or workout (activity
  /// summaries and the profile are updated in place, so they are read every time).
  mutating func endBlock(head: UInt64, hash: UInt64, bytes: Int) throws {
    guard block.isWhole, block.items > 0 else { return }
    try emit(
      .block(
        ExportBlock(
          head: head, hash: hash, bytes: bytes, records: block.records, latest: block.latest,
          earliest: block.earliest)))
  }

  mutating func recognize(_ known: ExportBlock) -> Bool {
    // A record after this export's date would be out of range here: read the block instead.
    if let exportDate, known.latest > exportDate { return false }
    recordCount += known.records
    recognizedCount += known.records
    recognizedRuns.append(known.run)
    recognizedEarliest = min(recognizedEarliest, known.earliest)
    return true
  }

  mutating func start(_ tag: XMLTag) throws {
    let level = depth
    if !tag.isSelfClosing { depth += 1 }
    switch level {
    case 0:
      guard tag.name == "HealthData" else {
        throw Failure.notHealthData(found: tag.name.string)
      }
      sawRoot = true
    case 1:
      try startTopLevel(tag)
    default:
      startChild(tag, level: level)
    }
  }

  mutating func end(_ name: XMLBytes) throws {
    guard depth > 0 else { return }
    depth -= 1
    switch depth {
    case 0:
      rootClosed = true
    case 1:
      try finishPending()
    case 2:
      if case .correlation(var correlation, let member?) = pending {
        pending = .none
        correlation.members.append(member.finished())
        pending = .correlation(correlation, member: nil)
      }
    default:
      break
    }
  }

  private mutating func finishPending() throws {
    let finished = pending
    pending = .none
    switch finished {
    case .record(let open): try emit(.sample(open.finished()))
    case .correlation(let correlation, _): try emit(.correlation(correlation))
    case .workout(let workout): try emit(.workout(workout))
    case .none, .skippedItem: break
    }
  }

  private mutating func startTopLevel(_ tag: XMLTag) throws {
    let name = tag.name
    if name == "Record" {
      recordCount += 1
      block.records += 1
      block.items += 1
      readingTopLevel = true
      defer { readingTopLevel = false }
      guard let open = sampleRecord(tag) else {
        if !tag.isSelfClosing { pending = .skippedItem }
        return
      }
      if tag.isSelfClosing { try emit(.sample(open.finished())) } else { pending = .record(open) }
    } else if name == "Workout" {
      block.items += 1
      guard let workout = workoutRecord(tag) else {
        if !tag.isSelfClosing { pending = .skippedItem }
        return
      }
      if tag.isSelfClosing { try emit(.workout(workout)) } else { pending = .workout(workout) }
    } else if name == "ActivitySummary" {
      block.isWhole = false
      if let summary = activitySummary(tag) { try emit(.activitySummary(summary)) }
      if !tag.isSelfClosing { pending = .skippedItem }
    } else if name == "Correlation" {
      block.items += 1
      guard let (type, origin, start, end, created) = common(tag, typeAttribute: "type") else {
        if !tag.isSelfClosing { pending = .skippedItem }
        return
      }
      let correlation = ExportItem.Correlation(type: type, origin: origin, start: start, end: end, created: created)
      if tag.isSelfClosing {
        try emit(.correlation(correlation))
      } else {
        pending = .correlation(correlation, member: nil)
      }
    } else if name == "Me" {
      block.isWhole = false
      try emit(.profile(tag.attributes.map { (tag.name(of: $0).string, tag.value(of: $0).string) }))
      if !tag.isSelfClosing { pending = .skippedItem }
    } else if name == "ExportDate" {
      block.isWhole = false
      if let value = tag.value("value"), let date = HealthDate.parse(value.bytes.buffer) {
        exportDate = date
        let offset = HealthDate.offset(value.bytes.buffer)
        exportOffset = offset.map { ZoneEvidence.Offset(instant: date, seconds: $0) }
        try emit(.exportDate(date, offset: offset))
      }
      if !tag.isSelfClosing { pending = .skippedItem }
    } else {
      block.isWhole = false
      otherElements[name.string, default: 0] += 1
      if !tag.isSelfClosing { pending = .skippedItem }
    }
  }

  private mutating func startChild(_ tag: XMLTag, level: Int) {
    let name = tag.name
    // Each case takes the item out of `pending` before changing it, so its arrays are not copied.
    switch pending {
    case .record(var open):
      pending = .none
      if name == "MetadataEntry", let entry = metadataEntry(tag) {
        open.metadata.append(entry)
      } else if name == "InstantaneousBeatsPerMinute",
        let bpm = tag.value("bpm").flatMap({ DecimalParser.parse($0.bytes.buffer) })
      {
        open.beats.append((tag.value("time")?.string ?? "", bpm))
      }
      pending = .record(open)
    case .correlation(var correlation, var member):
      pending = .none
      if level == 2 && name == "Record" {
        member = sampleRecord(tag)
        if tag.isSelfClosing, let complete = member {
          correlation.members.append(complete.finished())
          member = nil
        }
      } else if level == 2 && name == "MetadataEntry", let entry = metadataEntry(tag) {
        correlation.metadata.append(entry)
      } else if level == 3 && name == "MetadataEntry", let entry = metadataEntry(tag) {
        member?.metadata.append(entry)
      }
      pending = .correlation(correlation, member: member)
    case .workout(var workout):
      pending = .none
      addWorkoutChild(tag, level: level, to: &workout)
      pending = .workout(workout)
    case .none, .skippedItem:
      break
    }
  }

  private mutating func addWorkoutChild(_ tag: XMLTag, level: Int, to workout: inout ExportItem.Workout) {
    let name = tag.name
    if level == 2 {
      if name == "MetadataEntry", let entry = metadataEntry(tag) {
        workout.metadata.append(entry)
      } else if name == "WorkoutStatistics", let type = tag.value("type")?.string {
        let unit = tag.value("unit")?.string
        let conversion = unit.map { self.conversion(type: type, unit: $0) }
        func number(_ attribute: StaticString) -> Double? {
          tag.value(attribute).flatMap { DecimalParser.parse($0.bytes.buffer) }.map {
            conversion?.apply($0) ?? $0
          }
        }
        workout.statistics.append(
          ExportItem.Workout.Statistic(
            type: type, unit: conversion?.unit ?? unit, sum: number("sum"), average: number("average"),
            minimum: number("minimum"), maximum: number("maximum")))
      } else if name == "WorkoutEvent", let type = tag.value("type")?.string {
        workout.events.append(
          ExportItem.Workout.Event(
            type: type, date: tag.value("date").flatMap { HealthDate.parse($0.bytes.buffer) },
            durationSeconds: seconds(tag, value: "duration", unit: "durationUnit")))
      } else if name == "WorkoutRoute" {
        workout.routes.append(
          ExportItem.Workout.Route(
            path: nil, start: tag.value("startDate").flatMap { HealthDate.parse($0.bytes.buffer) },
            end: tag.value("endDate").flatMap { HealthDate.parse($0.bytes.buffer) }))
      } else if name == "WorkoutActivity" {
        workout.activityCount += 1
      }
    } else if level == 3, !workout.routes.isEmpty {
      let last = workout.routes.count - 1
      if name == "FileReference" {
        workout.routes[last].path = tag.value("path")?.string
      } else if name == "Location" {
        workout.routes[last].inlinePoints += 1
      }
    }
  }

  private mutating func sampleRecord(_ tag: XMLTag) -> OpenRecord? {
    var type: String?
    var sourceName = ""
    var sourceVersion: String?
    var device: DeviceDescription?
    var hasSource = false
    // Exports of 2014–2015 (iOS 8) name the source in `source`; `sourceName` wins when both are there.
    var legacySource: XMLValue?
    var unit: String?
    var valueText: XMLValue?
    var start: Int64?
    var end: Int64?
    var created: Int64?
    var startOffset: Int?
    var badDate: String?
    var extra: [(key: String, value: String)] = []
    for attribute in tag.attributes {
      let name = tag.name(of: attribute)
      let value = tag.value(of: attribute)
      if name == "type" {
        type = strings.type.string(for: value)
      } else if name == "sourceName" {
        sourceName = strings.source.string(for: value)
        hasSource = true
      } else if name == "source" {
        legacySource = value
      } else if name == "sourceVersion" {
        sourceVersion = strings.version.string(for: value)
      } else if name == "device" {
        device = strings.device(for: value)
      } else if name == "unit" {
        unit = strings.unit.string(for: value)
      } else if name == "value" {
        valueText = value
      } else if name == "startDate" {
        start = HealthDate.parse(value.bytes.buffer)
        if start == nil { badDate = "startDate \"\(value.string)\"" }
        startOffset = HealthDate.offset(value.bytes.buffer)
      } else if name == "endDate" {
        end = HealthDate.parse(value.bytes.buffer)
        if end == nil { badDate = "endDate \"\(value.string)\"" }
      } else if name == "creationDate" {
        created = HealthDate.parse(value.bytes.buffer)
      } else {
        extra.append((name.string, value.string))
      }
    }
    if !hasSource, let legacySource {
      sourceName = strings.source.string(for: legacySource)
      hasSource = true
    }
    guard let type, hasSource else {
      skip(tag, reason: type == nil ? "no type" : "no sourceName or source")
      return nil
    }
    guard let start, let end else {
      skip(tag, reason: "unreadable \(badDate ?? "date") in \(type)")
      return nil
    }
    if start < Self.earliestInstant || exportDate.map({ start > $0 }) == true {
      let when = start < Self.earliestInstant ? "before 2000" : "after the export was made"
      if readingTopLevel { outOfRangeCount += 1 }
      remember(
        tag,
        reason:
          "\(type) dated \(CalendarDay(ordinal: Int(start >= 0 ? start / 86_400 : (start - 86_399) / 86_400)).iso), \(when)"
      )
      return nil
    }
    block.latest = max(block.latest, start)
    block.earliest = min(block.earliest, start)
    if let startOffset { zone.note(instant: start, seconds: startOffset) }
    let origin = strings.origin(sourceName: sourceName, sourceVersion: sourceVersion, device: device)
    var record = OpenRecord(
      type: type, origin: origin, unit: nil, value: nil, category: nil, start: start, end: max(start, end),
      created: created, metadata: extra)
    let isQuantity = type.hasPrefix("HKQuantityTypeIdentifier") || unit != nil
    if isQuantity {
      guard let valueText, let number = DecimalParser.parse(valueText.bytes.buffer) else {
        let shown = valueText.map { "\"\($0.string)\"" } ?? "no value"
        skip(tag, reason: "\(type) has non-numeric value \(shown)")
        return nil
      }
      if let unit {
        let conversion = self.conversion(type: type, unit: unit)
        let value = conversion.apply(number)
        if let limits = conversion.limits, !limits.contains(value) {
          let name = type.hasPrefix("HKQuantityTypeIdentifier") ? String(type.dropFirst(24)) : type
          if readingTopLevel { implausible[name, default: 0] += 1 }
          // Said in the unit of the limits too, so "16310 lb" is weighed against "0.5–650 kg" at a glance.
          // A percentage is kept as a fraction (0.185 for 18.5 %): it is said as the percent a person reads.
          let scale = conversion.unit == "%" ? 100.0 : 1
          let converted =
            unit == conversion.unit && scale == 1 ? "" : " (\(Self.figure(value * scale)) \(conversion.unit))"
          let written = unit == "%" ? valueText.string : "\(valueText.string) \(unit)"
          remember(
            tag,
            reason:
              "\(name) of \(written)\(converted) is not a possible reading "
              + "(\(Self.figure(limits.lowerBound * scale))–\(Self.figure(limits.upperBound * scale)) "
              + "\(conversion.unit))")
          return nil
        }
        record.unit = conversion.unit
        record.value = value
      } else {
        record.value = number
      }
    } else if let valueText {
      record.category = strings.category.string(for: valueText)
    }
    return record
  }

  private mutating func workoutRecord(_ tag: XMLTag) -> ExportItem.Workout? {
    guard let (type, origin, start, end, created) = common(tag, typeAttribute: "workoutActivityType") else {
      return nil
    }
    var workout = ExportItem.Workout(activityType: type, origin: origin, start: start, end: end, created: created)
    workout.durationSeconds = seconds(tag, value: "duration", unit: "durationUnit")
    workout.totalDistanceKilometres = quantity(
      tag, value: "totalDistance", unit: "totalDistanceUnit", type: "HKQuantityTypeIdentifierDistanceWalkingRunning",
      expecting: "km")
    workout.totalEnergyKilocalories = quantity(
      tag, value: "totalEnergyBurned", unit: "totalEnergyBurnedUnit",
      type: "HKQuantityTypeIdentifierActiveEnergyBurned", expecting: "kcal")
    return workout
  }

  private mutating func activitySummary(_ tag: XMLTag) -> ExportItem.ActivitySummary? {
    guard let date = tag.value("dateComponents")?.string, HealthDate.parseDay(date) != nil else {
      skip(tag, reason: "ActivitySummary without a readable dateComponents")
      return nil
    }
    func number(_ name: StaticString) -> Double? {
      tag.value(name).flatMap { DecimalParser.parse($0.bytes.buffer) }
    }
    let energyUnit = tag.value("activeEnergyBurnedUnit")?.string ?? "kcal"
    let energy = conversion(type: "HKQuantityTypeIdentifierActiveEnergyBurned", unit: energyUnit)
    return ExportItem.ActivitySummary(
      date: date,
      activeEnergyKilocalories: number("activeEnergyBurned").map(energy.apply),
      activeEnergyGoal: number("activeEnergyBurnedGoal").map(energy.apply),
      moveMinutes: number("appleMoveMinutes") ?? number("appleMoveTime"),
      moveMinutesGoal: number("appleMoveMinutesGoal") ?? number("appleMoveTimeGoal"),
      exerciseMinutes: number("appleExerciseTime"),
      exerciseMinutesGoal: number("appleExerciseTimeGoal"),
      standHours: number("appleStandHours"),
      standHoursGoal: number("appleStandHoursGoal"))
  }

  /// The attributes workouts and correlations share with records.
  private mutating func common(
    _ tag: XMLTag, typeAttribute: StaticString
  ) -> (String, SampleOrigin, Int64, Int64, Int64?)? {
    let kind = tag.name.string
    guard let type = tag.value(typeAttribute)?.string else {
      skip(tag, reason: "\(kind) without \(typeAttribute)")
      return nil
    }
    guard let start = tag.value("startDate").flatMap({ HealthDate.parse($0.bytes.buffer) }),
      let end = tag.value("endDate").flatMap({ HealthDate.parse($0.bytes.buffer) })
    else {
      skip(tag, reason: "unreadable date in \(kind) \(type)")
      return nil
    }
    let origin = strings.origin(
      sourceName: (tag.value("sourceName") ?? tag.value("source")).map { strings.source.string(for: $0) } ?? "",
      sourceVersion: tag.value("sourceVersion")?.string,
      device: tag.value("device").flatMap { strings.device(for: $0) })
    return (
      type, origin, start, max(start, end), tag.value("creationDate").flatMap { HealthDate.parse($0.bytes.buffer) }
    )
  }

  private mutating func metadataEntry(_ tag: XMLTag) -> (key: String, value: String)? {
    guard let key = tag.value("key")?.string else { return nil }
    let value = tag.value("value")?.string ?? ""
    if key == "HKTimeZone" { zone.note(name: value) }
    return (key, value)
  }

  private func seconds(_ tag: XMLTag, value: StaticString, unit: StaticString) -> Double? {
    guard let number = tag.value(value).flatMap({ DecimalParser.parse($0.bytes.buffer) }) else { return nil }
    switch tag.value(unit)?.string ?? "min" {
    case "s": return number
    case "hr", "h": return number * 3_600
    case "ms": return number / 1_000
    default: return number * 60
    }
  }

  private mutating func quantity(
    _ tag: XMLTag, value: StaticString, unit: StaticString, type: String, expecting expected: String
  ) -> Double? {
    guard let number = tag.value(value).flatMap({ DecimalParser.parse($0.bytes.buffer) }) else { return nil }
    guard let unitText = tag.value(unit)?.string else { return number }
    let conversion = self.conversion(type: type, unit: unitText)
    return conversion.unit == expected ? conversion.apply(number) : nil
  }

  private mutating func conversion(type: String, unit: String) -> UnitNormalizer.Conversion {
    if let lastConversion, lastConversion.type == type, lastConversion.unit == unit {
      return lastConversion.conversion
    }
    let conversion = cachedConversion(type: type, unit: unit)
    lastConversion = (type, unit, conversion)
    return conversion
  }

  private mutating func cachedConversion(type: String, unit: String) -> UnitNormalizer.Conversion {
    let key = type + "\u{1F}" + unit
    if let known = conversions[key] { return known }
    let conversion = UnitNormalizer.conversion(type: type, unit: unit)
    conversions[key] = conversion
    return conversion
  }

  /// `300`, `0.3`: a limit as a reason shows it.
  /// `200,000`, `7,398`, `0.5`: whole and grouped from 100 up, else at most two decimals.
  private static func figure(_ value: Double) -> String {
    MetricFormatter.decimal(value, places: abs(value) >= 100 ? 0 : 2)
  }

  private mutating func skip(_ tag: XMLTag, reason: String) {
    skippedCount += 1
    remember(tag, reason: reason)
  }

  private mutating func remember(_ tag: XMLTag, reason: String) {
    block.isWhole = false
    if skipped.count < Self.rememberedSkips {
      skipped.append(SkippedRecord(line: tag.line, reason: reason))
    }
  }
}

extension ExportDecoder {
  /// Why the decoder gave up on the whole input.
  enum Failure: Error {
    case notHealthData(found: String)
  }

  /// Reuses the strings made for recent attribute values: records come grouped by type, and
  /// within a type a few sources and devices take turns, so most values repeat a recent one.
  private struct RecentStrings {
    var type = RecentValues<String>()
    var source = RecentValues<String>()
    var version = RecentValues<String>()
    var unit = RecentValues<String>()
    var category = RecentValues<String>()
    private var devices = RecentValues<DeviceDescription?>()
    private var recentOrigins: [SampleOrigin] = []
    private var origins: [OriginKey: SampleOrigin] = [:]

    private struct OriginKey: Hashable {
      var sourceName: String
      var sourceVersion: String?
      var device: String?
    }

    /// The origin with these parts, the same instance each time while there are not too many.
    mutating func origin(sourceName: String, sourceVersion: String?, device: DeviceDescription?) -> SampleOrigin {
      for (index, origin) in recentOrigins.enumerated()
      where origin.matches(sourceName: sourceName, sourceVersion: sourceVersion, device: device) {
        if index > 0 { recentOrigins.swapAt(index, 0) }
        return origin
      }
      let key = OriginKey(sourceName: sourceName, sourceVersion: sourceVersion, device: device?.key)
      let origin: SampleOrigin
      if let known = origins[key] {
        origin = known
      } else {
        // A file whose every record has another origin must not fill memory.
        if origins.count >= 4_096 { origins.removeAll(keepingCapacity: true) }
        origin = SampleOrigin(sourceName: sourceName, sourceVersion: sourceVersion, device: device)
        origins[key] = origin
      }
      recentOrigins.insert(origin, at: 0)
      if recentOrigins.count > 4 { recentOrigins.removeLast() }
      return origin
    }

    /// The device, recognised by the part of its string after the `0x…` address, which changes
    /// from record to record.
    mutating func device(for value: XMLValue) -> DeviceDescription? {
      devices.value(for: value, key: Self.withoutAddress(value.bytes)) { DeviceDescription(parsing: value.string) }
    }

    private static func withoutAddress(_ bytes: XMLBytes) -> XMLBytes {
      let buffer = bytes.buffer
      guard buffer.count > 2, buffer[0] == UInt8(ascii: "&") || buffer[0] == UInt8(ascii: "<") else { return bytes }
      let close: [UInt8] = buffer[0] == UInt8(ascii: "&") ? Array("&gt;".utf8) : [UInt8(ascii: ">")]
      var index = 0
      while index + close.count <= buffer.count {
        if buffer[index] == close[0] && memcmp(bytes.start + index, close, close.count) == 0 {
          return XMLBytes(start: bytes.start + index + close.count, count: buffer.count - index - close.count)
        }
        index += 1
      }
      return bytes
    }
  }

  /// A tiny most-recently-used cache keyed by raw bytes, so a repeated value costs one `memcmp`.
  fileprivate struct RecentValues<Value> {
    private static var capacity: Int { 4 }
    private var keys: [[UInt8]] = []
    private var values: [Value] = []

    mutating func value(for raw: XMLValue, key: XMLBytes, make: () -> Value) -> Value {
      for index in keys.indices where keys[index].count == key.count {
        let matches = keys[index].withUnsafeBufferPointer { buffer in
          guard let base = buffer.baseAddress else { return true }
          return memcmp(base, key.start, buffer.count) == 0
        }
        if matches {
          if index > 0 {
            keys.swapAt(index, 0)
            values.swapAt(index, 0)
          }
          return values[0]
        }
      }
      let value = make()
      keys.insert(Array(key.buffer), at: 0)
      values.insert(value, at: 0)
      if keys.count > Self.capacity {
        keys.removeLast()
        values.removeLast()
      }
      return value
    }
  }
}

extension ExportDecoder.RecentValues<String> {
  mutating func string(for value: XMLValue) -> String {
    self.value(for: value, key: value.bytes) { value.string }
  }
}
