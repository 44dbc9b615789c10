/// Writes every stored sample (type, source, device, start, end, value, unit, category) as CSV
/// or JSON Lines, straight from one statement stepped row by row: memory stays flat however
/// many samples there are. Output goes to `sink` in chunks of about 64 KB.
struct SampleExporter {
  /// The output formats.
  enum Format: String, Sendable {
    case csv, jsonl
  }

  let database: Database

  /// The Health type identifiers that `name` stands for: an identifier
  /// (`HKQuantityTypeIdentifierStepCount`), its last part (`StepCount`) or a metric id
  /// (`activity.steps`). Empty when nothing matches.
  func typeIdentifiers(matching name: String) throws -> [String] {
    if let metric = MetricCatalogue.metric(name) { return metric.sources.map(\.type) }
    return try database.rows("SELECT DISTINCT identifier FROM sample_types").compactMap { $0.text(0) }.filter {
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
      if let id = row.integer(0) { typeNames[id] = (row.text(1) ?? "", row.text(2) ?? "") }
    }
    let sources = try names("SELECT id, name FROM sources")
    let devices = try names("SELECT id, name FROM devices")
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
    var buffer = format == .csv ? "type,source,device,start,end,value,unit,category\n" : ""
    var count = 0
    try statement.forEachRow { row in
      let type = typeNames[row.integer(0)] ?? ("", "")
      let source = sources[row.integer(1)] ?? ""
      let device = row.isNull(2) ? nil : devices[row.integer(2)]
      let start = Self.timestamp(row.integer(3))
      let end = Self.timestamp(row.integer(4))
      let value = row.isNull(5) ? nil : JSONText.number(row.real(5))
      let category = row.isNull(6) ? nil : row.text(6)
      switch format {
      case .csv:
        buffer += type.identifier + ","
        Self.appendCSV(source, to: &buffer)
        buffer += ","
        if let device { Self.appendCSV(device, to: &buffer) }
        buffer += ",\(start),\(end),\(value ?? ""),"
        Self.appendCSV(type.unit, to: &buffer)
        buffer += ","
        if let category { Self.appendCSV(category, to: &buffer) }
        buffer += "\n"
      case .jsonl:
        buffer += "{\"type\":"
        JSONText.appendString(type.identifier, to: &buffer)
        buffer += ",\"source\":"
        JSONText.appendString(source, to: &buffer)
        buffer += ",\"device\":"
        if let device { JSONText.appendString(device, to: &buffer) } else { buffer += "null" }
        buffer += ",\"start\":\"\(start)\",\"end\":\"\(end)\",\"value\":\(value ?? "null"),\"unit\":"
        JSONText.appendString(type.unit, to: &buffer)
        buffer += ",\"category\":"
        if let category { JSONText.appendString(category, to: &buffer) } else { buffer += "null" }
        buffer += "}\n"
      }
      count += 1
      if buffer.utf8.count >= 65_536 {
        sink(buffer)
        buffer = ""
      }
    }
    if !buffer.isEmpty { sink(buffer) }
    return count
  }

  private func names(_ sql: String) throws -> [Int64: String] {
    var names: [Int64: String] = [:]
    for row in try database.rows(sql) {
      if let id = row.integer(0) { names[id] = row.text(1) ?? "" }
    }
    return names
  }

  /// `2025-06-01T12:00:00Z`.
  static func timestamp(_ instant: Int64) -> String {
    let days = instant >= 0 ? instant / 86_400 : (instant - 86_399) / 86_400
    let seconds = Int(instant - days * 86_400)
    return ExportTimestamp.day(days) + "T" + two(seconds / 3_600) + ":" + two(seconds / 60 % 60) + ":"
      + two(seconds % 60) + "Z"
  }

  private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }

  /// Appends `field`, quoted when it holds a comma, quote or line break.
  private static func appendCSV(_ field: String, to output: inout String) {
    guard field.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else {
      output += field
      return
    }
    output += "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
