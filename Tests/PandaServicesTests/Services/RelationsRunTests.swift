import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaMCP
@testable import PandaServices
@testable import PandaStore
@testable import PandaTestSupport

/// The relations job has one story whichever front end asks: the MCP `relations` tool answers
/// what `panda relations --format json` prints on the same database and day, and `panda
/// relations` prints the run's own text.
@Suite struct RelationsRunTests {
  @Test func theMCPToolAnswersWhatTheCommandPrints() async throws {
    let folder = try TemporaryFolder()
    // `IllPerson`, whose sleep moves their HRV, during a warning.
    let path = try await IllPerson.databaseWithATag(in: folder)
    let asOf = IllPerson.asOf
    let zone = try #require(TimeZone(identifier: "UTC"))
    let today = LocalDay.day(of: Int64(Date().timeIntervalSince1970), in: zone)
    let context = ToolContext(
      database: try Database.openPandaForReading(at: path), daily: DailyContext(zone: zone), today: today)
    let tool = await HealthTools.call(
      "relations", arguments: .object(["as_of": .string(asOf.iso)]), context: context)
    #expect(!tool.isError, "\(tool.text)")
    guard case .object(var answer)? = tool.structured else {
      Issue.record("the tool answered no object: \(tool.text)")
      return
    }
    #expect(answer["truncated"] == .bool(false))
    answer["truncated"] = nil

    let printed = await runPanda([
      "relations", "--db", path, "--timezone", "UTC", "--as-of", asOf.iso, "--format", "json",
    ])
    #expect(printed.status == .success, "\(printed.error)")
    let command = try #require(JSONValue.parse(printed.output))

    // The planted link is there to be told.
    let relations = try #require(command["relations"]?.arrayValue)
    #expect(
      relations.contains { $0["cause"]?.stringValue == "sleep.asleep" && $0["effect"]?.stringValue == "heart.hrv" },
      "\(relations)")
    #expect(JSONValue.object(answer) == command)
  }

  @Test func theCommandPrintsTheRunsText() async throws {
    let folder = try TemporaryFolder()
    let path = try await IllPerson.database(in: folder)
    let asOf = IllPerson.asOf
    let zone = try #require(TimeZone(identifier: "UTC"))
    let run = RelationsRun(asOf: asOf, window: RelationFinder.defaultWindow(asOf: asOf), zone: zone)
    let output = try run.run(on: try Database.openPandaForReading(at: path))
    #expect(!output.relations.isEmpty)
    #expect(output.text == output.search.text)
    let printed = await runPanda(["relations", "--db", path, "--timezone", "UTC", "--as-of", asOf.iso])
    #expect(printed.status == .success, "\(printed.error)")
    #expect(printed.output == output.text)
  }
}
