import Foundation
import Testing

@testable import PandaCore
@testable import PandaImport
@testable import PandaMCP
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

/// Every tool's structured answer conforms to the output schema it lists, in every shape an
/// answer takes: with data, without any (an empty database), cut at its size limit, and an error
/// (which carries no structured content at all). A validating client (the official MCP SDK)
/// refuses a tool whose answer breaks its own schema.
@Suite struct OutputSchemaTests {
  let data: PlantedTrends
  let empty: TemporaryFolder
  let emptyDatabase: Database
  static let daily = DailyContext(zone: TimeZone(identifier: "UTC")!)

  /// How many days the long export holds: more weeks than one `period_summary` answer.
  static let longDays = 430

  /// An export of `longDays` days, with about 290 workouts: imported once.
  private static let long: Result<(TemporaryFolder, String), any Error> = Result {
    let folder = try TemporaryFolder()
    let database = try Database.openPanda(at: folder.file("long.sqlite"))
    let xml = folder.file("export.xml")
    try SyntheticExport(days: longDays, lastDay: Int64(PlantedTrends.asOf.ordinal - 1), detail: .light).writeXML(
      to: xml)
    _ = try ExportImporter(database: database, context: daily).importExport(at: xml)
    try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return (folder, folder.file("long.sqlite"))
  }

  init() throws {
    data = try PlantedTrends()
    empty = try TemporaryFolder()
    emptyDatabase = try Database.openPanda(at: empty.file("empty.sqlite"))
  }

  /// An MCP session on `database`, initialized at the version that lists output schemas.
  func server(_ database: Database) async -> MCPServer {
    var server = MCPServer(version: "test") {
      ToolContext(database: database, daily: Self.daily, today: PlantedTrends.asOf)
    }
    _ = await server.reply(
      to: #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"#
        + #""clientInfo":{"name":"tests","version":"1"}}}"#)
    return server
  }

  func call(_ server: inout MCPServer, _ test: ToolCallCase) async throws -> JSONValue {
    let request = JSONValue.object([
      "jsonrpc": "2.0", "id": .number(1), "method": "tools/call",
      "params": .object(["name": .string(test.tool), "arguments": .object(test.arguments)]),
    ])
    let line = try #require(await server.reply(to: request.text))
    return try #require(JSONValue.parse(line)?["result"], "\(line)")
  }

  @Test func everyToolIsCalledInEveryShape() {
    for tool in HealthTools.all {
      let shapes = Set(ToolCallCase.all.filter { $0.tool == tool.name }.map(\.shape))
      #expect(shapes.contains(.normal) && shapes.contains(.error), "\(tool.name) lacks a case: \(shapes)")
      let truncates = tool.outputSchema["properties"]?["next"] != nil
      #expect(!truncates || shapes.contains(.truncated), "\(tool.name) can be cut but no case cuts it")
    }
  }

  @Test func everyAnswerConformsToItsToolsOutputSchema() async throws {
    var planted = await server(data.database)
    var blank = await server(emptyDatabase)
    let longDatabase = try Database.openPanda(at: try Self.long.get().1)
    var long = await server(longDatabase)
    let listed = try #require(
      JSONValue.parse(await planted.reply(to: #"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#) ?? "")?["result"]?[
        "tools"]?.arrayValue)
    var schemas: [String: JSONValue] = [:]
    for tool in listed {
      if let name = tool["name"]?.stringValue { schemas[name] = tool["outputSchema"] }
    }
    var checked = 0
    for test in ToolCallCase.all {
      let schema = try #require(schemas[test.tool], "\(test.tool) lists no output schema")
      var runs = [
        test.long ? (try await call(&long, test), "long export") : (try await call(&planted, test), "planted")
      ]
      if test.shape == .normal { runs.append((try await call(&blank, test), "empty database")) }
      for (result, database) in runs {
        let isError = result["isError"] == .bool(true)
        #expect(isError == (test.shape == .error), "\(test) on the \(database): \(result.text.prefix(300))")
        if isError {
          #expect(result["structuredContent"] == nil, "\(test): an error carries no structured content")
          continue
        }
        let structured = try #require(result["structuredContent"], "\(test) on the \(database)")
        let problems = SchemaValidator.problems(structured, against: schema)
        #expect(problems.isEmpty, "\(test) on the \(database): \(problems.joined(separator: "; "))")
        if test.shape == .truncated { #expect(structured["truncated"] == .bool(true), "\(test)") }
        checked += 1
      }
    }
    #expect(checked >= ToolCallCase.all.count)
  }

  /// A range longer than a page gives its newest days and names the older ones in `next`; the
  /// years before the first day with data make no empty pages.
  @Test func aLongRangeGivesItsNewestDaysFirst() async throws {
    let database = try Database.openPanda(at: try Self.long.get().1)
    let context = ToolContext(database: database, daily: Self.daily, today: PlantedTrends.asOf)
    let first = await HealthTools.call(
      "daily_values", arguments: .object(["metric": "activity.steps", "from": "0001-01-01", "to": "2025-06-30"]),
      context: context)
    let page = try #require(first.structured, "\(first.text)")
    #expect(page["to"] == "2025-06-30" && page["from"] == "2024-06-30")
    #expect(page["truncated"] == .bool(true) && page["next"]?["to"] == "2024-06-29")
    let start = try #require(page["next"]?["from"]?.stringValue)
    // The export starts `longDays` days before 2025-07-01: the older page holds the days left.
    #expect(start == CalendarDay(ordinal: PlantedTrends.asOf.ordinal - Self.longDays).iso)
    let older = await HealthTools.call(
      "daily_values",
      arguments: .object(["metric": "activity.steps", "from": .string(start), "to": "2024-06-29"]), context: context)
    #expect(older.structured?["days"]?.arrayValue?.count == Self.longDays - HealthTool.maximumDays)
    #expect(older.structured?["truncated"] == .bool(false))
    let workouts = await HealthTools.call(
      "workouts", arguments: .object(["from": "2020-01-01", "to": "2025-06-30"]), context: context)
    let listed = try #require(workouts.structured?["workouts"]?.arrayValue)
    #expect(listed.last?["day"] == "2025-06-30" || listed.last?["day"] == "2025-06-29")
    let next = try #require(workouts.structured?["next"])
    #expect(next["from"] == "2020-01-01")
    #expect(
      next["to"]?.stringValue.flatMap(CalendarDay.init(iso:)).map { $0.adding(days: 1).iso }
        == workouts.structured?["from"]?.stringValue)
  }

  @Test func theValidatorFindsWhatItShould() throws {
    let schema = ToolSchema.object(
      [
        ("day", ToolSchema.date("a day")), ("value", ToolSchema.number("a value", nullable: true)),
        ("items", ToolSchema.array(ToolSchema.string("one", allowed: ["a", "b"]), "some")),
      ], required: ["day"])
    let good = JSONValue.object(["day": "2025-06-01", "value": .null, "items": .array(["a"])])
    #expect(SchemaValidator.problems(good, against: schema).isEmpty)
    let bad = JSONValue.object(["value": "high", "items": .array(["c"]), "extra": .bool(true)])
    let problems = SchemaValidator.problems(bad, against: schema)
    #expect(problems.count == 4, "\(problems)")
    #expect(!SchemaValidator.problems(.object(["day": "June"]), against: schema).isEmpty)
    #expect(!SchemaValidator.problems("x", against: .object(["type": "string", "format": "date"])).isEmpty)
  }
}
