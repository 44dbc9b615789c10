import Foundation
import Testing
@testable import PandaTestSupport

/// `series`, `stats` and `export daily` mark the days the sources recorded for only part of, by
/// the one rule the daily values are stored with (`DailyAggregator.partialDays`), and `stats`
/// leaves them out of its figures as insights do.
@Suite struct PartialDayMarkersTests {
  /// Steps per day: two walks twelve hours apart make a whole day; one half-hour walk on
  /// `partialDay` makes a partly recorded one.
  static let wholeDays: [(day: String, morning: Double, evening: Double)] = [
    ("2025-06-01", 4_000, 5_000), ("2025-06-02", 3_800, 5_000), ("2025-06-04", 4_100, 5_000),
    ("2025-06-05", 3_900, 5_000), ("2025-06-06", 4_000, 5_000),
  ]
  static let partialDay = (day: "2025-06-03", steps: 1_960.0)

  let folder: TemporaryFolder
  let database: String

  init() async throws {
    folder = try TemporaryFolder()
    database = folder.file("panda.sqlite")
    var records: [String] = []
    for day in Self.wholeDays {
      records.append(
        Records.quantity(
          "StepCount", source: "Phone", unit: "count", value: day.morning, start: "\(day.day) 08:00:00 +0000",
          end: "\(day.day) 08:30:00 +0000"))
      records.append(
        Records.quantity(
          "StepCount", source: "Phone", unit: "count", value: day.evening, start: "\(day.day) 20:00:00 +0000",
          end: "\(day.day) 20:30:00 +0000"))
    }
    records.append(
      Records.quantity(
        "StepCount", source: "Phone", unit: "count", value: Self.partialDay.steps,
        start: "\(Self.partialDay.day) 10:00:00 +0000", end: "\(Self.partialDay.day) 10:30:00 +0000"))
    let path = try folder.write("export.xml", exportXML(records.joined(separator: "\n")))
    let imported = await runPanda(["import", path, "-q", "--db", database, "--timezone", "UTC"])
    try #require(imported.status == .success, "\(imported.error)")
  }

  private func run(_ arguments: [String]) async throws -> String {
    let result = await runPanda(
      arguments + ["--from", "2025-06-01", "--to", "2025-06-06", "--db", database, "--timezone", "UTC"])
    try #require(result.status == .success, "\(result.error)")
    return result.output
  }

  @Test func statsLeavesAPartlyRecordedDayOutOfItsFiguresAndSaysHowMany() async throws {
    let totals = Self.wholeDays.map { $0.morning + $0.evening }
    let mean = totals.reduce(0, +) / Double(totals.count)
    let minimum = try #require(totals.min())
    let text = try await run(["stats", "activity.steps"])
    #expect(
      text.contains(
        "total \(Int(totals.reduce(0, +)).grouped) steps, mean \(Int(mean).grouped) steps, min \(Int(minimum).grouped) steps"
      ),
      "\(text)")
    #expect(text.contains("\(totals.count) whole days with data, 1 partly recorded day left out"), "\(text)")
    #expect(!text.contains(Int(Self.partialDay.steps).grouped))

    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(try await run(["stats", "activity.steps", "--format", "json"]).utf8))
        as? [String: Any])
    let summary = try #require(json["summary"] as? [String: Any])
    #expect(summary["mean"] as? Double == mean)
    #expect(summary["min"] as? Double == minimum)
    #expect(summary["days"] as? Int == totals.count)
    #expect(summary["partialDaysLeftOut"] as? Int == 1)

    let csv = try await run(["stats", "activity.steps", "--format", "csv"]).split(separator: "\n")
    #expect(csv.first?.hasSuffix(",partialDaysLeftOut") == true)
    #expect(csv.last?.hasSuffix(",1") == true)

    // The week holding it says so too.
    let weekly = try await run(["stats", "activity.steps", "--by", "week"])
    #expect(weekly.contains("1 partly recorded day left out"))
  }

  @Test func seriesMarksAPartlyRecordedDayInTextAndCSV() async throws {
    let text = try await run(["series", "activity.steps"]).split(separator: "\n")
    let partialLines = text.filter { $0.hasSuffix("  (partly recorded)") }
    #expect(partialLines.count == 1)
    #expect(partialLines.first?.contains(Self.partialDay.day) == true)
    #expect(text.filter { $0.hasPrefix("  2025-06-") }.count == Self.wholeDays.count + 1)

    let csv = try await run(["series", "activity.steps", "--format", "csv"]).split(separator: "\n")
    #expect(csv.first == "date,activity.steps (steps),partial")
    #expect(csv.contains("\(Self.partialDay.day),\(Int(Self.partialDay.steps)),true"))
    for day in Self.wholeDays {
      #expect(csv.contains("\(day.day),\(Int(day.morning + day.evening)),false"))
    }
  }

  @Test func exportDailyNamesTheMetricsPartlyRecordedEachDay() async throws {
    let csv = try await run(["export", "daily", "--metric", "activity.steps", "--metric", "body.bodyMass"])
      .split(separator: "\n")
    #expect(csv.first == "date,activity.steps,body.bodyMass,partial")
    #expect(csv.contains("\(Self.partialDay.day),\(Int(Self.partialDay.steps)),,activity.steps"))
    #expect(csv.contains("\(Self.wholeDays[0].day),\(Int(Self.wholeDays[0].morning + Self.wholeDays[0].evening)),,"))

    let json = try await run(["export", "daily", "--metric", "activity.steps", "--format", "json"])
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    let partial = rows.filter { !(($0["partial"] as? [String]) ?? []).isEmpty }
    #expect(partial.map { $0["date"] as? String } == [Self.partialDay.day])
    #expect(partial.first?["partial"] as? [String] == ["activity.steps"])
    #expect(rows.count == Self.wholeDays.count + 1)
  }
}
