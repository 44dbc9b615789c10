import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaMCP
@testable import PandaServices
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

/// The insights job has one story whichever front end asks: the MCP `insights` tool answers
/// what `panda insights --format json` prints on the same database and day, the early warning
/// and the links included.
@Suite struct InsightsRunTests {
  @Test func theMCPToolAnswersWhatTheCommandPrintsDuringAWarningWithLinks() async throws {
    let folder = try TemporaryFolder()
    let path = try await IllPerson.database(in: folder)
    let zone = try #require(TimeZone(identifier: "UTC"))
    let today = LocalDay.day(of: Int64(Date().timeIntervalSince1970), in: zone)
    let database = try Database.openPanda(at: path)
    let context = ToolContext(database: database, daily: DailyContext(zone: zone), today: today)
    let tool = await HealthTools.call(
      "insights", arguments: .object(["as_of": .string(IllPerson.asOf.iso)]), context: context)
    #expect(!tool.isError, "\(tool.text)")
    let answer = try #require(tool.structured)

    let printed = await runPanda([
      "insights", "--db", path, "--timezone", "UTC", "--as-of", IllPerson.asOf.iso, "--format", "json", "-q",
    ])
    #expect(printed.status == .success, "\(printed.error)")
    let command = try #require(JSONValue.parse(printed.output))

    // The person's warning and link are there to be told, and the command opens with them.
    let highlights = try #require(command["highlights"]?.arrayValue)
    #expect(highlights.first?["kind"]?.stringValue == "alert", "\(highlights)")
    #expect(highlights.contains { $0["kind"]?.stringValue == "link" }, "\(highlights)")
    // The tool tells the same: the same highlights, warning and link included, and the same cards.
    #expect(answer["highlights"] == command["highlights"])
    #expect(answer.comparableInsights == command.comparableInsights)
  }

  @Test func theRunOpensWithTheWarningItFoundAndTheLinksInTheSameSnapshot() async throws {
    let folder = try TemporaryFolder()
    let path = try await IllPerson.database(in: folder)
    let zone = try #require(TimeZone(identifier: "UTC"))
    let database = try Database.openPanda(at: path)
    let run = InsightsRun(asOf: IllPerson.asOf, today: IllPerson.asOf.adding(days: 30), daily: DailyContext(zone: zone))
    let output = try await run.run(on: database, now: 0)
    let warning = try #require(output.alerts.first { $0.isActive })
    #expect(output.highlights.first?.sentence == warning.sentence)
    #expect(output.links.contains { $0.cause == "sleep.asleep" && $0.effect == "heart.hrv" })
    #expect(output.outcomes.map(\.job) == run.jobs)
    #expect(run.jobs.count == HealthCategory.analysed.count * InsightPeriod.allCases.count)
    // An insight as of a past day is stamped at the start of that day, whatever the clock says.
    #expect(output.outcomes.allSatisfy { $0.generatedAt == LocalDay.start(of: IllPerson.asOf, in: zone) })
  }
}
