import PandaCore
import PandaStore

/// Writes every stored sample (type, source, device, start, end, value, unit, category, route) as CSV
/// or JSON Lines, straight from one statement stepped row by row: memory stays flat however
/// many samples there are. Output goes to `sink` in chunks of about 64 KB.
package struct SampleExporter {
  /// The output formats.
  package enum Format: String, Sendable {
    case csv, jsonl
  }

  /// The database to read.
  let database: Database

  /// The Health type identifiers that `name` stands for: an identifier
  /// (`HKQuantityTypeIdentifierStepCount`), its last part (`StepCount`) or a metric id
  /// (`activity.steps`). Empty when nothing matches.
  package func typeIdentifiers(matching name: String) throws -> [String] {
    if let metric = MetricCatalogue.metric(name) { return metric.sources.map(\.type) }
    let identifiers = try SampleTypeTable(database: database).identifiers()
    return identifiers.filter {
      $0.caseInsensitiveCompare(name) == .orderedSame
        || $0.hasSuffix("Identifier" + name) || $0.lowercased().hasSuffix("identifier" + name.lowercased())
    }
  }

  /// Writes the samples of `types` (all when `nil`) starting in `[from, to)`, the export's and
  /// those logged by hand, then Health Auto Export's buckets and summarised sleep nights; returns
  /// how many. Each row names its route: `export`, `log` (`panda log`), or Health Auto Export's
  /// `file` or `push`.
  @discardableResult
  package func write(
    format: Format, types: [String]? = nil, from: Int64? = nil, to: Int64? = nil, sink: (String) -> Void
  ) throws -> Int {
    let typeNames = try SampleTypeTable(database: database).all()
    // Names are few and repeat on every row: each is escaped once, up front.
    let csv = format == .csv
    let field: (String) -> [UInt8] = { csv ? Self.csvField($0) : Self.jsonString($0) }
    let typeFields: [Int64: (name: [UInt8], unit: [UInt8])] = typeNames.mapValues {
      (field($0.identifier), field($0.unit))
    }
    let sourceFields = try SourceTable(database: database).names().mapValues(field)
    let deviceFields = try DeviceTable(database: database).names().mapValues(field)
    let typeIDs = types.map { types in typeNames.filter { types.contains($0.value.identifier) }.keys.sorted() }
    let statement = try SampleTable(database: database).exportStatement(typeIDs: typeIDs, from: from, to: to)
    var buffer: [UInt8] = []
    buffer.reserveCapacity(Self.chunkBytes + 4_096)
    if format == .csv { buffer += Array("type,source,device,start,end,value,unit,category,route\n".utf8) }
    let empty = field("")
    let null = Array("null".utf8)
    let routes = (export: field("export"), log: field("log"))
    let column = (
      type: statement.column("type_id"), source: statement.column("source_id"), device: statement.column("device_id"),
      start: statement.column("start"), end: statement.column("end"), value: statement.column("value"),
      category: statement.column("category"), importID: statement.column("import_id")
    )
    var count = 0
    func append(_ row: Fields) {
      switch format {
      case .csv:
        buffer += row.type
        buffer.append(UInt8(ascii: ","))
        buffer += row.source
        buffer.append(UInt8(ascii: ","))
        if let device = row.device { buffer += device }
        buffer.append(UInt8(ascii: ","))
        Self.appendTimestamp(row.start, to: &buffer)
        buffer.append(UInt8(ascii: ","))
        Self.appendTimestamp(row.end, to: &buffer)
        buffer.append(UInt8(ascii: ","))
        if let value = row.value { buffer += value.utf8 }
        buffer.append(UInt8(ascii: ","))
        buffer += row.unit
        buffer.append(UInt8(ascii: ","))
        if let category = row.category { buffer += category }
        buffer.append(UInt8(ascii: ","))
        buffer += row.route
      case .jsonl:
        buffer += Array("{\"type\":".utf8)
        buffer += row.type
        buffer += Array(",\"source\":".utf8)
        buffer += row.source
        buffer += Array(",\"device\":".utf8)
        buffer += row.device ?? null
        buffer += Array(",\"start\":\"".utf8)
        Self.appendTimestamp(row.start, to: &buffer)
        buffer += Array("\",\"end\":\"".utf8)
        Self.appendTimestamp(row.end, to: &buffer)
        buffer += Array("\",\"value\":".utf8)
        if let value = row.value { buffer += value.utf8 } else { buffer += null }
        buffer += Array(",\"unit\":".utf8)
        buffer += row.unit
        buffer += Array(",\"category\":".utf8)
        buffer += row.category ?? null
        buffer += Array(",\"route\":".utf8)
        buffer += row.route
        buffer.append(UInt8(ascii: "}"))
      }
      buffer.append(UInt8(ascii: "\n"))
      count += 1
      if buffer.count >= Self.chunkBytes {
        sink(String(decoding: buffer, as: UTF8.self))
        buffer.removeAll(keepingCapacity: true)
      }
    }
    try statement.forEachRow { row in
      let type = typeFields[row.integer(column.type)] ?? (name: empty, unit: empty)
      append(
        Fields(
          type: type.name, source: sourceFields[row.integer(column.source)] ?? empty,
          device: row.isNull(column.device) ? nil : deviceFields[row.integer(column.device)],
          start: row.integer(column.start), end: row.integer(column.end),
          value: row.isNull(column.value) ? nil : JSONText.number(row.real(column.value)), unit: type.unit,
          category: row.isNull(column.category) ? nil : row.text(column.category).map(field),
          route: row.integer(column.importID) == 0 ? routes.log : routes.export))
    }
    try writePushed(
      types: types, from: from, to: to, field: field, append: append)
    try writePushedNights(
      types: types, from: from, to: to, field: field, append: append)
    if !buffer.isEmpty { sink(String(decoding: buffer, as: UTF8.self)) }
    return count
  }

  /// One row's fields, each already written in the output's format.
  private struct Fields {
    var type: [UInt8]
    var source: [UInt8]
    var device: [UInt8]?
    var start: Int64
    var end: Int64
    var value: String?
    var unit: [UInt8]
    var category: [UInt8]?
    var route: [UInt8]
  }

  /// Hands Health Auto Export's buckets to `append`, with the route of the import that stored
  /// them; a bucket without a source of its own is Health Auto Export's.
  private func writePushed(
    types: [String]?, from: Int64?, to: Int64?, field: (String) -> [UInt8],
    append: (Fields) -> Void
  ) throws {
    let list = (types ?? []).map { type -> String in
      var text = ""
      JSONText.appendString(type, to: &text)
      return text
    }
    let statement = try PushedSampleTable(database: database).exportStatement(
      types: types, typesJSON: "[" + list.joined(separator: ",") + "]", from: from, to: to)
    let column = (
      type: statement.column("type"), unit: statement.column("unit"), start: statement.column("start"),
      end: statement.column("end"), value: statement.column("value"), category: statement.column("category"),
      source: statement.column("source"), route: statement.column("route")
    )
    var fields: [String: [UInt8]] = [:]
    func cached(_ text: String) -> [UInt8] {
      if let known = fields[text] { return known }
      let made = field(text)
      fields[text] = made
      return made
    }
    try statement.forEachRow { row in
      let source = row.isNull(column.source) ? "" : row.text(column.source) ?? ""
      let category = row.text(column.category) ?? ""
      append(
        Fields(
          type: cached(row.text(column.type) ?? ""),
          source: cached(source.isEmpty ? DailyValueStore.pushedSourceName : source), device: nil,
          start: row.integer(column.start), end: row.integer(column.end),
          value: row.isNull(column.value) ? nil : JSONText.number(row.real(column.value)),
          unit: cached(row.text(column.unit) ?? ""), category: category.isEmpty ? nil : cached(category),
          route: cached(row.isNull(column.route) ? "push" : row.text(column.route) ?? "push")))
    }
  }

  /// The sleep stages of a summarised night, by column, each written as one row of
  /// `HKCategoryTypeIdentifierSleepAnalysis` with the stage's hours as its value. `asleep` is
  /// the total of core, deep and REM where the night has them: it is written only where not.
  private static let nightStages: [(column: String, category: String, isSleepStage: Bool)] = [
    ("in_bed", SleepNight.inBedValue, false), ("asleep", "HKCategoryValueSleepAnalysisAsleepUnspecified", false),
    ("core", SleepNight.coreValue, true), ("deep", SleepNight.deepValue, true), ("rem", SleepNight.remValue, true),
    ("awake", SleepNight.awakeValue, false),
  ]

  /// Hands Health Auto Export's summarised sleep nights to `append`: one row per stage the night
  /// has, spanning the night (from its end when its start is unknown), valued in hours.
  private func writePushedNights(
    types: [String]?, from: Int64?, to: Int64?, field: (String) -> [UInt8],
    append: (Fields) -> Void
  ) throws {
    let type = "HKCategoryTypeIdentifierSleepAnalysis"
    if let types, !types.contains(type) { return }
    let statement = try PushedNightTable(database: database).exportStatement(from: from, to: to)
    let column = (
      start: statement.column("sleep_start"), end: statement.column("sleep_end"), source: statement.column("source"),
      route: statement.column("route")
    )
    let stages = Self.nightStages.map {
      (column: statement.column($0.column), category: field($0.category), isSleepStage: $0.isSleepStage)
    }
    let asleep = statement.column("asleep")
    let typeField = field(type)
    let unit = field("hr")
    try statement.forEachRow { row in
      let source = row.isNull(column.source) ? "" : row.text(column.source) ?? ""
      let end = row.integer(column.end)
      let start = row.isNull(column.start) ? end : row.integer(column.start)
      let route = field(row.isNull(column.route) ? "push" : row.text(column.route) ?? "push")
      let sourceField = field(source.isEmpty ? DailyValueStore.pushedSourceName : source)
      let staged = stages.contains { $0.isSleepStage && !row.isNull($0.column) && row.real($0.column) != 0 }
      for stage in stages where !row.isNull(stage.column) && row.real(stage.column) != 0 {
        if staged && stage.column.index == asleep.index { continue }
        append(
          Fields(
            type: typeField, source: sourceField, device: nil, start: start, end: end,
            value: JSONText.number(row.real(stage.column)), unit: unit, category: stage.category, route: route))
      }
    }
  }

  /// Output is handed on in pieces of about this size.
  static let chunkBytes = 65_536

  /// `2025-06-01T12:00:00Z`.
  static func timestamp(_ instant: Int64) -> String {
    var bytes: [UInt8] = []
    appendTimestamp(instant, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func appendTimestamp(_ instant: Int64, to output: inout [UInt8]) {
    let days = instant >= 0 ? instant / 86_400 : (instant - 86_399) / 86_400
    let seconds = Int(instant - days * 86_400)
    let (year, month, day) = CalendarDay(ordinal: Int(days)).components
    if (0...9_999).contains(year) {
      appendDigits(year, count: 4, to: &output)
    } else {
      output += Array(String(year).utf8)
    }
    output.append(UInt8(ascii: "-"))
    appendDigits(month, count: 2, to: &output)
    output.append(UInt8(ascii: "-"))
    appendDigits(day, count: 2, to: &output)
    output.append(UInt8(ascii: "T"))
    appendDigits(seconds / 3_600, count: 2, to: &output)
    output.append(UInt8(ascii: ":"))
    appendDigits(seconds / 60 % 60, count: 2, to: &output)
    output.append(UInt8(ascii: ":"))
    appendDigits(seconds % 60, count: 2, to: &output)
    output.append(UInt8(ascii: "Z"))
  }

  private static func appendDigits(_ value: Int, count: Int, to output: inout [UInt8]) {
    var divisor = 1
    for _ in 1..<count { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      output.append(UInt8(ascii: "0") + UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }

  /// `field`, quoted when it holds a comma, quote or line break; control characters (a pushed
  /// name may hold a terminal escape) are written escaped (`\u{1B}`, `\n`).
  private static func csvField(_ field: String) -> [UInt8] {
    let field =
      field.unicodeScalars.contains { $0.properties.generalCategory == .control }
      ? EchoedText.quoted(field, limit: .max) : field
    guard field.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return Array(field.utf8) }
    return Array(("\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"").utf8)
  }

  /// `field` as a quoted, escaped JSON string.
  private static func jsonString(_ field: String) -> [UInt8] {
    var text = ""
    JSONText.appendString(field, to: &text)
    return Array(text.utf8)
  }

  /// Creates a value from its stored properties.
  package init(database: Database) {
    self.database = database
  }
}
