import Foundation
import Testing

@testable import PandaCore
@testable import PandaImport
@testable import PandaMCP
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

/// The `relations` and `alerts` tools answer what their output schemas say, no more and no less.
@Suite struct LinkToolsTests {
  /// Every key of `answer` is a property of `schema`, every required property is there, and
  /// the same holds for objects in arrays.
  func expectConforms(_ answer: JSONValue, to schema: JSONValue, _ path: String) {
    guard case .object(let object) = answer, case .object(let properties)? = schema["properties"] else { return }
    for key in object.keys { #expect(properties[key] != nil, "\(path).\(key) is not in the schema") }
    for key in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
      #expect(object[key] != nil, "\(path).\(key) is required")
    }
    for (key, value) in object {
      if let items = properties[key]?["items"], let array = value.arrayValue {
        for element in array { expectConforms(element, to: items, "\(path).\(key)[]") }
      }
    }
  }

  @Test func bothToolsAnswerAsTheirSchemasSay() async throws {
    let folder = try TemporaryFolder()
    let xml = folder.file("export.xml")
    try SyntheticExport(days: 100, detail: .sparse).writeXML(to: xml)
    let database = try Database.openPanda(at: folder.file("panda.sqlite"))
    let daily = DailyContext(zone: try #require(TimeZone(identifier: "UTC")))
    _ = try ExportImporter(database: database, context: daily).importExport(at: xml)
    let context = ToolContext(database: database, daily: daily, today: try #require(CalendarDay(iso: "2025-07-01")))
    for name in ["relations", "alerts"] {
      let tool = try #require(HealthTools.tool(named: name))
      let result = await HealthTools.call(name, arguments: .object([:]), context: context)
      #expect(!result.isError, "\(name): \(result.text)")
      let answer = try #require(result.structured)
      expectConforms(answer, to: tool.outputSchema, name)
      #expect(answer["to"]?.stringValue == "2025-06-30")
      #expect(answer["truncated"] == .bool(false))
    }
    let relations = await HealthTools.call("relations", arguments: .object([:]), context: context)
    #expect((relations.structured?["tested"]?.numberValue ?? 0) > 10)
    // Too early for any band: the answer says how much more is needed.
    let early = await HealthTools.call(
      "alerts", arguments: .object(["from": "2025-03-25", "to": "2025-04-10"]), context: context)
    #expect(early.structured?["note"]?.stringValue?.hasPrefix("Not enough readings for your usual ranges yet") == true)
    let backwards = await HealthTools.call(
      "relations", arguments: .object(["from": "2025-06-01", "to": "2025-05-01"]), context: context)
    #expect(backwards.isError)
  }
}
