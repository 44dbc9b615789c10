import Foundation
import Testing

@testable import PandaCLI
@testable import PandaCore
@testable import PandaTestSupport

@Suite struct MetricsCommandTests {
  let folder: TemporaryFolder
  let database: String

  init() async throws {
    folder = try TemporaryFolder()
    database = folder.file("panda.sqlite")
    let records = [
      Records.quantity(
        "StepCount", source: "Watch", device: Records.watchDevice, unit: "count", value: 8_432,
        start: "2024-05-01 10:00:00 +0000", end: "2024-05-01 11:00:00 +0000"),
      Records.quantity(
        "RestingHeartRate", source: "Watch", unit: "count/min", value: 160, start: "2024-05-01 08:00:00 +0000",
        end: "2024-05-01 08:00:00 +0000"),
      Records.quantity(
        "StepCount", source: "Watch", device: Records.watchDevice, unit: "count", value: 5_000,
        start: "2024-05-03 10:00:00 +0000", end: "2024-05-03 11:00:00 +0000"),
    ]
    let path = try folder.write("export.xml", exportXML(records.joined(separator: "\n")))
    #expect(await runPanda(["import", path, "--db", database, "--timezone", "UTC", "-q"]).status == .success)
  }

  func panda(_ arguments: [String]) async -> (status: ExitCode, output: String, error: String) {
    await runPanda(arguments + ["--db", database, "--timezone", "UTC"])
  }

  @Test func showsEveryMetricWithCompletenessAndWarnings() async {
    let result = await panda(["metrics", "--date", "2024-05-01"])
    #expect(result.status == .success)
    #expect(result.output.hasPrefix("2024-05-01 (GMT): 2 of \(MetricCatalogue.all.count) metrics"))
    #expect(result.output.contains("8,432 steps"))
    #expect(result.output.contains("Resting heart rate"))
    #expect(result.output.contains("160 bpm  ⚠ outside the plausible range 25–150 bpm"))
    #expect(result.output.contains("Water"))
  }

  @Test func jsonListsMissingMetricsAsNull() async throws {
    let result = await panda(["metrics", "--date", "2024-05-01", "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    #expect(object["available"] as? Int == 2)
    let metrics = try #require(object["metrics"] as? [[String: Any]])
    #expect(metrics.count == MetricCatalogue.all.count)
    let steps = try #require(metrics.first { $0["metric"] as? String == "activity.steps" })
    #expect(steps["value"] as? Double == 8_432)
    let water = try #require(metrics.first { $0["metric"] as? String == "nutrition.water" })
    #expect(water["value"] is NSNull || water["value"] == nil)
  }

  @Test func aFutureDateIsTodayWithANote() async {
    let result = await panda(["metrics", "--date", "2999-01-01"])
    #expect(result.status == .success)
    #expect(result.error.hasPrefix("panda: --date 2999-01-01 is after today; using today, "))
  }

  @Test func anUnknownTimeZoneIsAUsageError() async {
    let result = await runPanda(["metrics", "--db", database, "--timezone", "Mars/Olympus"])
    #expect(result.status == .usage)
    #expect(result.error.contains("Mars/Olympus"))
  }

  @Test func seriesAsCSVHasAHeaderAndOneRowPerDayWithData() async {
    let result = await panda([
      "series", "activity.steps", "--from", "2024-04-30", "--to", "2024-05-04", "--format", "csv",
    ])
    #expect(result.status == .success)
    // Both days' steps were recorded within a few hours: partly recorded days.
    #expect(result.output == "date,activity.steps (steps),partial\n2024-05-01,8432,true\n2024-05-03,5000,true\n")
  }

  @Test func seriesAsJSONAndText() async throws {
    let json = await panda([
      "series", "activity.steps", "--from", "2024-05-01", "--to", "2024-05-03", "--format", "json",
    ])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let points = try #require(object["points"] as? [[String: Any]])
    #expect(points.map { $0["day"] as? String } == ["2024-05-01", "2024-05-03"])
    let text = await panda(["series", "activity.steps", "--from", "2024-05-01", "--to", "2024-05-03"])
    #expect(text.output.contains("2024-05-03  5,000 steps"))
  }

  @Test func anUnknownMetricNamesTheKnownOnes() async {
    let result = await panda(["series", "activity.stepz"])
    #expect(result.status == .usage)
    #expect(result.error.contains("activity.steps"))
  }
}
