import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaMCP
@testable import PandaServices
@testable import PandaStore
@testable import PandaTestSupport

/// The alerts job has one story whichever front end asks: the MCP `alerts` tool answers what
/// `panda alerts --format json` prints on the same database and day, during a warning, and
/// `panda alerts` prints the run's own text.
@Suite struct AlertsRunTests {
  @Test func theMCPToolAnswersWhatTheCommandPrintsDuringAWarning() async throws {
    let folder = try TemporaryFolder()
    let path = try await IllPerson.databaseWithATag(in: folder)
    let asOf = IllPerson.asOf
    let zone = try #require(TimeZone(identifier: "UTC"))
    let today = LocalDay.day(of: Int64(Date().timeIntervalSince1970), in: zone)
    let context = ToolContext(
      database: try Database.openPandaForReading(at: path), daily: DailyContext(zone: zone), today: today)
    let tool = await HealthTools.call("alerts", arguments: .object(["as_of": .string(asOf.iso)]), context: context)
    #expect(!tool.isError, "\(tool.text)")
    guard case .object(var answer)? = tool.structured else {
      Issue.record("the tool answered no object: \(tool.text)")
      return
    }
    #expect(answer["truncated"] == .bool(false))
    answer["truncated"] = nil

    let printed = await runPanda([
      "alerts", "--db", path, "--timezone", "UTC", "--as-of", asOf.iso, "--format", "json",
    ])
    #expect(printed.status == .success, "\(printed.error)")
    let command = try #require(JSONValue.parse(printed.output))

    // The warning is there to be told, with the tag logged before it.
    let alerts = try #require(command["alerts"]?.arrayValue)
    let active = try #require(alerts.last { $0["active"] == .bool(true) }, "\(alerts)")
    #expect(active["logged"]?.arrayValue?.contains { $0["name"]?.stringValue == "travel" } == true, "\(active)")
    #expect(JSONValue.object(answer) == command)
  }

  @Test func theCommandPrintsTheRunsText() async throws {
    let folder = try TemporaryFolder()
    let path = try await IllPerson.databaseWithATag(in: folder)
    let asOf = IllPerson.asOf
    let zone = try #require(TimeZone(identifier: "UTC"))
    let run = AlertsRun(window: AlertDetector.defaultWindow(asOf: asOf), zone: zone)
    let output = try run.run(on: try Database.openPandaForReading(at: path))
    #expect(output.scan.active != nil)
    #expect(output.text == output.scan.text)
    let printed = await runPanda(["alerts", "--db", path, "--timezone", "UTC", "--as-of", asOf.iso])
    #expect(printed.status == .success, "\(printed.error)")
    #expect(printed.output == output.text)
    #expect(printed.output.contains("one still active"), "\(printed.output)")
  }
}
