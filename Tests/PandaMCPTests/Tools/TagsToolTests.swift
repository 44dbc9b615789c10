import Foundation
import Testing

@testable import PandaCore
@testable import PandaImport
@testable import PandaMCP
@testable import PandaStore
@testable import PandaTestSupport

/// The `tags` tool lists the tags logged and the symptoms Health recorded, by day, as its
/// schema says; `relations` and `alerts` carry them too.
@Suite struct TagsToolTests {
  let folder: TemporaryFolder
  let database: Database
  let daily = DailyContext(zone: TimeZone(identifier: "Europe/Paris")!)

  init() throws {
    folder = try TemporaryFolder()
    database = try Database.openPanda(at: folder.file("panda.sqlite"))
  }

  func context() throws -> ToolContext {
    ToolContext(database: database, daily: daily, today: try #require(CalendarDay(iso: "2025-07-01")))
  }

  @Test func theToolListsEachDaysTagsAndSymptomsAsItsSchemaSays() async throws {
    let records = [
      "<Record type=\"HKCategoryTypeIdentifierFever\" sourceName=\"Health\" startDate=\"2025-06-12 08:00:00 +0200\" endDate=\"2025-06-12 08:00:00 +0200\" value=\"HKCategoryValueSeverityMild\"/>"
    ]
    let path = try folder.write("export.xml", exportXML(records.joined(separator: "\n")))
    _ = try ExportImporter(database: database, context: daily).importExport(at: path)
    let book = LogBook(database: database, context: daily)
    // 2025-06-10 21:00 and 2025-06-12 22:30 in Paris.
    _ = try book.tag("travel", at: 1_749_582_000, note: nil)
    _ = try book.tag("alcohol", at: 1_749_760_200, note: nil)
    _ = try book.tag("travel", at: 1_749_760_200 - 60, note: nil)

    let tool = try #require(HealthTools.tool(named: "tags"))
    let result = await HealthTools.call(
      "tags", arguments: .object(["from": "2025-06-01", "to": "2025-06-30"]), context: try context())
    #expect(!result.isError, "\(result.text)")
    let answer = try #require(result.structured)
    #expect(SchemaValidator.problems(answer, against: tool.outputSchema).isEmpty)
    let days = try #require(answer["days"]?.arrayValue)
    #expect(days.compactMap { $0["day"]?.stringValue } == ["2025-06-10", "2025-06-12"])
    #expect(days[1]["tags"] == .array([.string("alcohol"), .string("travel")]))
    #expect(days[1]["symptoms"] == .array([.string("fever")]))
    let counts = try #require(answer["counts"]?.arrayValue)
    #expect(counts.first?["name"] == .string("travel"))
    #expect(counts.first?["days"] == .number(2))
    #expect(counts.contains { $0["name"] == .string("fever") && $0["kind"] == .string("symptom") })

    let before = await HealthTools.call(
      "tags", arguments: .object(["from": "2025-05-01", "to": "2025-05-31"]), context: try context())
    #expect(before.structured?["days"] == .array([]))
  }

  @Test func theSchemaRequiresTheDaysAndCounts() throws {
    let tool = try #require(HealthTools.tool(named: "tags"))
    #expect(tool.inputSchema["required"] == .array([.string("from"), .string("to")]))
    let required = tool.outputSchema["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
    #expect(Set(required) == ["from", "to", "days", "counts", "truncated"])
    let relations = try #require(HealthTools.tool(named: "relations"))
    #expect(relations.outputSchema["properties"]?["relations"]?["items"]?["properties"]?["taggedDays"] != nil)
  }
}
