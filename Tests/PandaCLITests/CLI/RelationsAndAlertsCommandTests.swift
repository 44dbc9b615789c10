import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaCLI
@testable import PandaCore
@testable import PandaSynthetic
@testable import PandaTestSupport

@Suite struct RelationsAndAlertsCommandTests {
  /// Every export among the test fixtures runs both commands without error; with too little
  /// data each says so in one line.
  @Test func everyFixtureExportRunsBothCommands() async throws {
    let folder = try TemporaryFolder()
    let exports =
      try FileManager.default.contentsOfDirectory(atPath: Fixtures.path(""))
      .filter { $0.hasSuffix(".xml") }.map(Fixtures.path) + [Fixtures.path("health-auto-export/days.json")]
    #expect(exports.count >= 8)
    for (index, export) in exports.enumerated() {
      let database = folder.file("fixture-\(index).sqlite")
      _ = await runPanda(["import", export, "-q", "--db", database, "--timezone", "UTC"])
      guard FileManager.default.fileExists(atPath: database) else { continue }
      for command in ["relations", "alerts"] {
        let text = await runPanda([command, "--db", database, "--timezone", "UTC", "--as-of", "2024-01-01"])
        #expect(text.status == .success, "\(command) \(export): \(text.error)")
        #expect(!text.output.isEmpty)
        #expect(text.output.split(separator: "\n").count == 1, "\(command) \(export): \(text.output)")
        let json = await runPanda([command, "--db", database, "--timezone", "UTC", "--format", "json"])
        #expect(json.status == .success)
        let object = try #require(JSONValue.parse(json.output))
        #expect(object["from"]?.stringValue != nil && object["to"]?.stringValue != nil)
        #expect(object[command]?.arrayValue != nil)
      }
    }
  }

  @Test func aSyntheticExportIsTestedAndJudged() async throws {
    let folder = try TemporaryFolder()
    let xml = folder.file("export.xml")
    try SyntheticExport(days: 120, detail: .sparse).writeXML(to: xml)
    let database = folder.file("panda.sqlite")
    #expect(await runPanda(["import", xml, "-q", "--db", database, "--timezone", "UTC"]).status == .success)
    let relations = await runPanda([
      "relations", "--db", database, "--timezone", "UTC", "--as-of", "2025-07-01", "--format", "json",
    ])
    #expect(relations.status == .success)
    let found = try #require(JSONValue.parse(relations.output))
    #expect(found["asOf"]?.stringValue == "2025-07-01")
    #expect(found["from"]?.stringValue == "2024-07-01")
    #expect(found["to"]?.stringValue == "2025-06-30")
    #expect((found["tested"]?.numberValue ?? 0) > 10)
    #expect(found["note"] == nil)
    let alerts = await runPanda([
      "alerts", "--db", database, "--timezone", "UTC", "--from", "2025-05-01", "--to", "2025-06-30",
    ])
    #expect(alerts.status == .success)
    #expect(alerts.output.hasPrefix("No early warnings from 2025-05-01 to 2025-06-30: on none of the "))
  }

  @Test func linksAreListedWithWhatTheyMean() {
    let lastDay = CalendarDay(iso: "2025-06-30")!
    let days = SyntheticDays(
      days: 400, seed: 3, lastDay: lastDay,
      links: [PlantedLink(cause: "sleep.asleep", effect: "heart.hrv", lagDays: 0, slope: 6)])
    let search = RelationFinder.find(
      in: days.series(), window: RelationFinder.defaultWindow(asOf: lastDay.adding(days: 1)))
    let text = search.text
    #expect(text.hasPrefix("Links from 2024-07-01 to 2025-06-30 (\(search.tested) pairs tested, "))
    #expect(text.contains("\n  On days after you slept an hour more than usual, your HRV that day was about "))
    #expect(text.hasSuffix("that does not show that one causes the other.\n"))
  }

  @Test func anActiveAlertComesFirstAndSaysSo() {
    let lastDay = CalendarDay(iso: "2025-06-30")!
    let days = SyntheticDays(
      days: 200, seed: 7, lastDay: lastDay,
      episodes: [
        PlantedEpisode(start: lastDay.adding(days: -60), days: 4, strength: 1.5),
        PlantedEpisode(start: lastDay.adding(days: -2), days: 3, strength: 1.5),
      ], missingNights: 0)
    let scan = AlertDetector.scan(days.series(), from: lastDay.adding(days: -89), to: lastDay)
    #expect(scan.alerts.count == 2)
    let lines = scan.text.split(separator: "\n")
    #expect(lines.first == "Early warnings from 2025-04-02 to 2025-06-30: 2 alerts, one still active (90 days judged).")
    #expect(lines.dropFirst().first?.hasPrefix("  Since 2025-06-28") == true)
    #expect(lines.last?.hasPrefix("  From 2025-05-01 to ") == true)
  }

  @Test func badDaysAreUsageErrors() async throws {
    let result = await runPanda(["relations", "--from", "2025-02-01", "--to", "2025-01-01", "--db", "/nonexistent"])
    #expect(result.status == .usage)
  }

  @Test func aDayAfterTodayBecomesTodayWithANoteAsInTheOtherCommands() async throws {
    for (command, option) in [
      ("alerts", "--as-of"), ("alerts", "--to"), ("relations", "--as-of"), ("relations", "--to"),
    ] {
      let future = await runPanda([command, option, "2999-01-01", "--db", "/nonexistent"])
      // Past the dates, to the missing database.
      #expect(future.status == .noInput, "\(command) \(option): \(future.error)")
      #expect(future.error.hasPrefix("panda: \(option) 2999-01-01 is after today; using today, "), "\(future.error)")
    }
  }
}
