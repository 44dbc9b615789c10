import Foundation
import Testing

@testable import PandaSynthetic
@testable import PandaTestSupport

/// `panda explain` on a day the iPhone and the Watch both counted: both devices' samples, what
/// was not counted and why, and parts that add up to the value `series` shows.
@Suite struct ExplainCommandTests {
  let folder: TemporaryFolder
  let path: String

  init() async throws {
    folder = try TemporaryFolder()
    path = folder.file("panda.sqlite")
    let records = [
      Records.quantity(
        "StepCount", source: "Sam’s Apple Watch", device: Records.watchDevice, unit: "count", value: 1_000,
        start: "2024-05-01 10:00:00 +0000", end: "2024-05-01 10:30:00 +0000"),
      Records.quantity(
        "StepCount", source: "Sam’s iPhone", device: Records.phoneDevice, unit: "count", value: 900,
        start: "2024-05-01 10:05:00 +0000", end: "2024-05-01 10:35:00 +0000"),
      Records.quantity(
        "StepCount", source: "Sam’s iPhone", device: Records.phoneDevice, unit: "count", value: 600,
        start: "2024-05-01 23:30:00 +0000", end: "2024-05-02 00:30:00 +0000"),
    ]
    let xml = try folder.write("export.xml", exportXML(records.joined(separator: "\n")))
    let imported = await runPanda(["import", xml, "--db", path, "--timezone", "UTC", "-q"])
    #expect(imported.status == .success)
  }

  func json(_ arguments: [String]) async throws -> [String: Any] {
    let result = await runPanda(arguments + ["--db", path, "--timezone", "UTC", "--format", "json"])
    #expect(result.status == .success, "\(result.error)")
    return try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
  }

  @Test func aDayHealthAutoExportSentIsExplainedByItsBucketAndTheExportsSamplesDoNotCount() async throws {
    let push = try folder.write(
      "push.json",
      #"{"data":{"metrics":[{"name":"step_count","units":"count","data":[{"date":"2024-05-01 00:00:00 +0000","qty":2345}]}]}}"#
    )
    let imported = await runPanda(["import", push, "--db", path, "--timezone", "UTC", "-q"])
    #expect(imported.status == .success)
    let explained = try await json(["explain", "activity.steps", "--date", "2024-05-01"])
    let series = try await json(["series", "activity.steps", "--from", "2024-05-01", "--to", "2024-05-01"])
    let point = try #require((series["points"] as? [[String: Any]])?.first)
    #expect(explained["value"] as? Double == 2_345)
    #expect(point["value"] as? Double == 2_345)
    let samples = try #require(explained["samples"] as? [[String: Any]])
    let bucket = try #require(samples.first { $0["source"] as? String == "Health Auto Export" })
    #expect(bucket["counted"] as? Double == 2_345)
    let export = samples.filter { $0["source"] as? String != "Health Auto Export" }
    #expect(export.count == 3)
    #expect(export.allSatisfy { $0["counted"] as? Double == 0 })
    #expect(
      export.allSatisfy { $0["reason"] as? String == "Health Auto Export sent this day's figure, which counts instead" }
    )
  }

  @Test func listsBothDevicesSaysWhatWasNotCountedAndAddsUpToTheSeries() async throws {
    let explained = try await json(["explain", "activity.steps", "--date", "2024-05-01"])
    let series = try await json(["series", "activity.steps", "--from", "2024-05-01", "--to", "2024-05-01"])
    let point = try #require((series["points"] as? [[String: Any]])?.first)
    let value = try #require(explained["value"] as? Double)
    #expect(value == point["value"] as? Double)
    // The watch's 1,000, the phone's 5 minutes after the watch stopped (150) and its half hour
    // before midnight (300).
    #expect(abs(value - 1_450) < 1e-6)
    #expect(explained["unit"] as? String == "steps")
    #expect(explained["partial"] as? Bool == false)

    let samples = try #require(explained["samples"] as? [[String: Any]])
    #expect(Set(samples.compactMap { $0["device"] as? String }) == ["Apple Watch", "iPhone"])
    let counted = samples.compactMap { $0["counted"] as? Double }.reduce(0, +)
    #expect(abs(counted - value) < 1e-6)
    let covered = try #require(samples.first { ($0["start"] as? String)?.hasPrefix("2024-05-01T10:05") == true })
    #expect(covered["source"] as? String == "Sam’s iPhone")
    #expect(abs((covered["counted"] as? Double ?? 0) - 150) < 1e-6)
    #expect(
      covered["reason"] as? String == "25 min covered by Sam’s Apple Watch (Apple Watch), a source trusted more")
    let late = try #require(samples.first { ($0["start"] as? String)?.hasPrefix("2024-05-01T23:30") == true })
    #expect(late["reason"] as? String == "30 min outside the day")
    let watch = try #require(samples.first { $0["source"] as? String == "Sam’s Apple Watch" })
    #expect(watch["counted"] as? Double == 1_000)
    #expect(watch["reason"] is NSNull)
    #expect(explained["night"] is NSNull)
    #expect(explained["note"] is NSNull)
  }

  @Test func theTextSaysTheSameForPeople() async throws {
    let result = await runPanda([
      "explain", "activity.steps", "--date", "2024-05-01", "--db", path, "--timezone", "UTC",
    ])
    #expect(result.status == .success)
    #expect(result.output.hasPrefix("Steps (activity.steps) on 2024-05-01: 1,450 steps\n"))
    #expect(result.output.contains("25 min covered by Sam’s Apple Watch (Apple Watch), a source trusted more"))
    #expect(
      result.output.contains("The counted parts add up to 1,450 steps, the day's value as panda series shows it."))
  }

  @Test func aDayWithoutSamplesSaysSoAndAMissingDateIsAUsageError() async throws {
    let empty = await runPanda([
      "explain", "activity.steps", "--date", "2024-06-01", "--db", path, "--timezone", "UTC",
    ])
    #expect(empty.status == .success)
    #expect(empty.output.contains("no value"))
    #expect(empty.output.contains("No samples of steps on this day."))
    let missing = await runPanda(["explain", "activity.steps", "--db", path])
    #expect(missing.status == .usage)
    let unknown = await runPanda(["explain", "activity.stepz", "--date", "2024-05-01", "--db", path])
    #expect(unknown.status == .usage)
    #expect(unknown.error.contains("activity.steps"))
  }
}

/// The explanation's words and figures as a person reads them.
@Suite struct ExplainWordingTests {
  @Test func theFirstAndLastLinesAgreeAndSleepStagesArePlainWords() async throws {
    let folder = try TemporaryFolder()
    let export = folder.file("export.xml")
    try SyntheticExport(days: 3).writeXML(to: export)
    let database = folder.file("panda.sqlite")
    #expect(await runPanda(["import", "-q", export, "--db", database, "--timezone", "UTC"]).status == .success)
    let hrv = await runPanda(["explain", "hrv", "--date", "2025-06-29", "--db", database, "--timezone", "UTC"])
    #expect(hrv.status == .success)
    let lines = hrv.output.split(separator: "\n").map(String.init)
    let header = try #require(lines.first)
    let value = try #require(header.split(separator: ": ").last.map(String.init))
    // HRV is the day's mean: the last line says the mean of the readings counted.
    let footer = try #require(lines.last { $0.hasPrefix("The mean of the ") })
    #expect(footer.contains(" counted is \(value), "), "\(header)\n\(footer)")
    let sleep = await runPanda([
      "explain", "sleep.inBed", "--date", "2025-06-29", "--db", database, "--timezone", "UTC",
    ])
    #expect(sleep.output.contains("core sleep"), "\(sleep.output)")
    #expect(!sleep.output.contains("AsleepCore"))
    #expect(!sleep.output.contains("not a kind this metric counts"))
  }
}

/// A day's mean, a day's total and a night as a person reads them: each reading of a mean shown
/// as it is, one number format, and sleep kinds said in words with whether they count.
@Suite struct ExplainFiguresTests {
  let folder: TemporaryFolder
  let path: String

  init() async throws {
    folder = try TemporaryFolder()
    path = folder.file("panda.sqlite")
    let records = [
      Records.quantity(
        "HeartRateVariabilitySDNN", source: "Watch", unit: "ms", value: 39.21, start: "2024-05-01 08:00:00 +0000",
        end: "2024-05-01 08:01:00 +0000"),
      Records.quantity(
        "HeartRateVariabilitySDNN", source: "Watch", unit: "ms", value: 44.63, start: "2024-05-01 14:00:00 +0000",
        end: "2024-05-01 14:01:00 +0000"),
      Records.quantity(
        "DietaryEnergyConsumed", source: "Food", unit: "kcal", value: 1_199.18, start: "2024-05-01 12:00:00 +0000",
        end: "2024-05-01 12:00:00 +0000"),
      Records.quantity(
        "DietaryEnergyConsumed", source: "Food", unit: "kcal", value: 462.5, start: "2024-05-01 19:00:00 +0000",
        end: "2024-05-01 19:00:00 +0000"),
      Records.sleep("InBed", source: "Watch", start: "2024-04-30 22:00:00 +0000", end: "2024-05-01 06:00:00 +0000"),
      Records.sleep(
        "AsleepCore", source: "Watch", start: "2024-04-30 22:30:00 +0000", end: "2024-05-01 05:30:00 +0000"),
    ]
    let xml = try folder.write("export.xml", exportXML(records.joined(separator: "\n")))
    #expect(await runPanda(["import", xml, "--db", path, "--timezone", "UTC", "-q"]).status == .success)
  }

  func explain(_ metric: String, json: Bool = false) async -> String {
    let result = await runPanda(
      ["explain", metric, "--date", "2024-05-01", "--db", path, "--timezone", "UTC"]
        + (json ? ["--format", "json"] : []))
    #expect(result.status == .success, "\(result.error)")
    return result.output
  }

  @Test func aReadingOfAMeanCountsAsItselfAndTheLastLineSaysTheMean() async throws {
    let text = await explain("hrv")
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.first == "Heart rate variability (SDNN) (heart.hrv) on 2024-05-01: 42 ms", "\(text)")
    let first = try #require(lines.first { $0.contains("08:00") })
    // The reading and what it counts as, both 39 ms as the table shows figures of this metric.
    #expect(first.split(separator: " ").suffix(2) == ["39", "39"], "\(first)")
    #expect(!text.contains("19.6"), "\(text)")
    #expect(text.contains("The mean of the 2 readings counted is 42 ms, the day's value as panda series shows it."))
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(await explain("hrv", json: true).utf8)) as? [String: Any])
    let counted = (json["samples"] as? [[String: Any]] ?? []).compactMap { $0["counted"] as? Double }
    #expect(counted == [39.21, 44.63])
  }

  @Test func aTotalsFiguresAreGroupedAndAddUpAsShown() async throws {
    let text = await explain("nutrition.dietaryEnergy")
    #expect(text.hasPrefix("Dietary energy (nutrition.dietaryEnergy) on 2024-05-01: 1,662 kcal\n"), "\(text)")
    #expect(!text.contains("1199"), "\(text)")
    let rows = text.split(separator: "\n").filter { $0.contains("Food") }
    #expect(rows.count == 2)
    // Each row's value and counted part in the metric's precision: 1,199 and 463 make 1,662.
    #expect(rows[0].split(separator: " ").suffix(2) == ["1,199", "1,199"], "\(rows[0])")
    #expect(rows[1].split(separator: " ").suffix(2) == ["463", "463"], "\(rows[1])")
    #expect(text.contains("The counted parts add up to 1,662 kcal"), "\(text)")
  }

  @Test func aKindOfSleepTheMeasureLeavesOutIsSaidSo() async throws {
    let text = await explain("sleep.asleep")
    #expect(text.contains("in bed does not count toward time asleep"), "\(text)")
    #expect(text.contains("core sleep"), "\(text)")
    #expect(!text.contains("AsleepCore") && !text.contains("not counted in this measure"), "\(text)")
    let deep = await explain("sleep.deep")
    #expect(deep.contains("core sleep does not count toward deep sleep"), "\(deep)")
  }
}
