/// Writes every stored sample (type, source, device, start, end, value, unit, category) as CSV
/// or JSON Lines, straight from one statement stepped row by row: memory stays flat however
/// many samples there are. Output goes to `sink` in chunks of about 64 KB.
struct SampleExporter {
  /// The output formats.
  enum Format: String, Sendable {
    case csv, jsonl
  }

  /// The database to read.
  let database: Database

  /// The Health type identifiers that `name` stands for: an identifier
  /// (`HKQuantityTypeIdentifierStepCount`), its last part (`StepCount`) or a metric id
  /// (`activity.steps`). Empty when nothing matches.
  func typeIdentifiers(matching name: String) throws -> [String] {
    if let metric = MetricCatalogue.metric(name) { return metric.sources.map(\.type) }
    let identifiers = try database.rows("SELECT DISTINCT identifier FROM sample_types").compactMap {
      $0.text("identifier")
    }
    return identifiers.filter {
      $0.caseInsensitiveCompare(name) == .orderedSame
        || $0.hasSuffix("Identifier" + name) || $0.lowercased().hasSuffix("identifier" + name.lowercased())
    }
  }

  /// Writes the samples of `types` (all when `nil`) starting in `[from, to)`; returns how many.
  @discardableResult
  func write(
    format: Format, types: [String]? = nil, from: Int64? = nil, to: Int64? = nil, sink: (String) -> Void
  ) throws -> Int {
    var typeNames: [Int64: (identifier: String, unit: String)] = [:]
    for row in try database.rows("SELECT id, identifier, unit FROM sample_types") {
      if let id = row.integer("id") { typeNames[id] = (row.text("identifier") ?? "", row.text("unit") ?? "") }
    }
    // Names are few and repeat on every row: each is escaped once, up front.
    let csv = format == .csv
    let field: (String) -> [UInt8] = { csv ? Self.csvField($0) : Self.jsonString($0) }
    let typeFields: [Int64: (name: [UInt8], unit: [UInt8])] = typeNames.mapValues {
      (field($0.identifier), field($0.unit))
    }
    let sourceFields = try names("SELECT id, name FROM sources").mapValues(field)
    let deviceFields = try names("SELECT id, name FROM devices").mapValues(field)
    var conditions: [String] = []
    var values: [SQLValue] = []
    if let types {
      let ids = typeNames.filter { types.contains($0.value.identifier) }.keys.sorted()
      conditions.append("type_id IN (\(ids.isEmpty ? "NULL" : ids.map(String.init).joined(separator: ",")))")
    }
    if let from {
      conditions.append("start >= ?")
      values.append(.integer(from))
    }
    if let to {
      conditions.append("start < ?")
      values.append(.integer(to))
    }
    let sql =
      "SELECT type_id, source_id, device_id, start, end, value, category FROM samples"
      + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
    let statement = try Statement(database: database, sql: sql, persistent: false)
    try statement.bind(values)
    var buffer: [UInt8] = []
    buffer.reserveCapacity(Self.chunkBytes + 4_096)
    if format == .csv { buffer += Array("type,source,device,start,end,value,unit,category\n".utf8) }
    let empty = field("")
    let null = Array("null".utf8)
    let column = (
      type: statement.column("type_id"), source: statement.column("source_id"), device: statement.column("device_id"),
      start: statement.column("start"), end: statement.column("end"), value: statement.column("value"),
      category: statement.column("category")
    )
    var count = 0
    try statement.forEachRow { row in
      let type = typeFields[row.integer(column.type)] ?? (name: empty, unit: empty)
      let source = sourceFields[row.integer(column.source)] ?? empty
      let device = row.isNull(column.device) ? nil : deviceFields[row.integer(column.device)]
      let value = row.isNull(column.value) ? nil : JSONText.number(row.real(column.value))
      let category = row.isNull(column.category) ? nil : row.text(column.category).map(field)
      let start = row.integer(column.start)
      let end = row.integer(column.end)
      switch format {
      case .csv:
        buffer += type.name
        buffer.append(UInt8(ascii: ","))
        buffer += source
        buffer.append(UInt8(ascii: ","))
        if let device { buffer += device }
        buffer.append(UInt8(ascii: ","))
        Self.appendTimestamp(start, to: &buffer)
        buffer.append(UInt8(ascii: ","))
        Self.appendTimestamp(end, to: &buffer)
        buffer.append(UInt8(ascii: ","))
        if let value { buffer += value.utf8 }
        buffer.append(UInt8(ascii: ","))
        buffer += type.unit
        buffer.append(UInt8(ascii: ","))
        if let category { buffer += category }
      case .jsonl:
        buffer += Array("{\"type\":".utf8)
        buffer += type.name
        buffer += Array(",\"source\":".utf8)
        buffer += source
        buffer += Array(",\"device\":".utf8)
        buffer += device ?? null
        buffer += Array(",\"start\":\"".utf8)
        Self.appendTimestamp(start, to: &buffer)
        buffer += Array("\",\"end\":\"".utf8)
        Self.appendTimestamp(end, to: &buffer)
        buffer += Array("\",\"value\":".utf8)
        if let value { buffer += value.utf8 } else { buffer += null }
        buffer += Array(",\"unit\":".utf8)
        buffer += type.unit
        buffer += Array(",\"category\":".utf8)
        buffer += category ?? null
        buffer.append(UInt8(ascii: "}"))
      }
      buffer.append(UInt8(ascii: "\n"))
      count += 1
      if buffer.count >= Self.chunkBytes {
        sink(String(decoding: buffer, as: UTF8.self))
        buffer.removeAll(keepingCapacity: true)
      }
    }
    if !buffer.isEmpty { sink(String(decoding: buffer, as: UTF8.self)) }
    return count
  }

  /// Output is handed on in pieces of about this size.
  static let chunkBytes = 65_536

  private func names(_ sql: String) throws -> [Int64: String] {
    var names: [Int64: String] = [:]
    for row in try database.rows(sql) {
      if let id = row.integer("id") { names[id] = row.text("name") ?? "" }
    }
    return names
  }

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

  /// `field`, quoted when it holds a comma, quote or line break.
  private static func csvField(_ field: String) -> [UInt8] {
    guard field.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return Array(field.utf8) }
    return Array(("\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"").utf8)
  }

  /// `field` as a quoted, escaped JSON string.
  private static func jsonString(_ field: String) -> [UInt8] {
    var text = ""
    JSONText.appendString(field, to: &text)
    return Array(text.utf8)
  }
}
