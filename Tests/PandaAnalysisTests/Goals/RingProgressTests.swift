import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaStore
@testable import PandaTestSupport

/// The activity summaries' Move, Exercise and Stand goals, held against panda's daily values.
@Suite struct RingProgressTests {
  @Test func aDayAndAWeekAreSaidAgainstEachDaysGoal() throws {
    let last = try #require(CalendarDay(iso: "2024-05-07"))
    let energy = [640.0, 540, 610, 300, 700, 480, 540]
    let points = energy.enumerated().map { DailyPoint(day: last.adding(days: $0.offset - 6), value: $0.element) }
    let series = MetricSeries(
      metric: try #require(MetricCatalogue.metric("activity.activeEnergy")), points: points, lastDay: last,
      availability: .current)
    let snapshot = HealthSnapshot(
      asOf: last.adding(days: 1), window: DayRange(last.adding(days: -400)...last), series: [series])
    // The goal went up from 500 to 600 kcal on the fourth day; the first day had no summary.
    let goals = (1..<7).map { index in
      ActivityGoalDay(day: last.adding(days: index - 6), move: index < 3 ? 500 : 600, exercise: nil, stand: 0)
    }
    let day = RingProgress.progress(goals: goals, snapshot: snapshot, from: last, to: last)
    #expect(day.map(\.sentence) == ["Move: 540 of 600 kcal (90 %)."])
    let week = RingProgress.progress(goals: goals, snapshot: snapshot, from: last.adding(days: -6), to: last)
    #expect(
      week.map(\.sentence) == [
        "Move goal reached on 3 of the 6 days with a goal and data in the last 7 (goals 500–600 kcal)."
      ])
  }

  @Test func samplesWinOverTheSummarysFigureAndTheGoalComesFromTheSummary() async throws {
    let folder = try TemporaryFolder()
    let path = folder.file("panda.sqlite")
    let records = [
      // The summary says 700 kcal against a goal of 500; the watch's samples say 450.
      Records.activitySummary("2024-05-02", energy: 700, exercise: 40, stand: 12),
      Records.quantity(
        "ActiveEnergyBurned", source: "Sam’s Apple Watch", device: Records.watchDevice, unit: "kcal", value: 450,
        start: "2024-05-02 07:00:00 +0000", end: "2024-05-02 21:00:00 +0000"),
    ]
    let export = try folder.write("export.xml", exportXML(records.joined(separator: "\n")))
    _ = await runPanda(["import", export, "--db", path, "--timezone", "UTC", "-q"])
    let insights = await runPanda(
      [
        "insights", "--category", "activity", "--period", "daily", "--as-of", "2024-05-03", "--db", path,
        "--timezone", "UTC", "--format", "json",
      ])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(insights.output.utf8)) as? [String: Any])
    let insight = try #require((json["insights"] as? [[String: Any]])?.first)
    let rings = try #require(insight["rings"] as? [[String: Any]])
    #expect(
      rings.compactMap { $0["sentence"] as? String } == [
        "Move: 450 of 500 kcal (90 %).", "Exercise: 40 of 30 min, goal reached.",
        "Stand: 12 of 12 hours, goal reached.",
      ])
    #expect(rings.compactMap { $0["target"] as? Double } == [500, 30, 12])
    #expect(json["sentenceUnits"] as? String == "metric")
    let text = await runPanda(
      [
        "insights", "--category", "activity", "--period", "daily", "--as-of", "2024-05-03", "--db", path, "--timezone",
        "UTC",
      ])
    #expect(text.output.contains("◎ Move: 450 of 500 kcal (90 %)."))
  }
}
