import Testing

@testable import PandaAnalysis
@testable import PandaCLI
@testable import PandaCore
@testable import PandaStore
@testable import PandaTestSupport

@Suite struct MetricStatisticsTests {
  func points(_ values: [(String, Double)]) -> [DailyPoint] {
    values.map { DailyPoint(day: CalendarDay(iso: $0.0)!, value: $0.1) }
  }

  @Test func summedMetricsHaveATotal() throws {
    let steps = try #require(MetricCatalogue.metric("activity.steps"))
    let stats = MetricStatistics.compute(
      metric: steps, points: points([("2025-06-01", 1_000), ("2025-06-02", 3_000), ("2025-06-04", 2_000)]),
      from: CalendarDay(iso: "2025-06-01")!, to: CalendarDay(iso: "2025-06-03")!, by: nil)
    #expect(stats.summary.total == 4_000)
    #expect(stats.summary.mean == 2_000)
    #expect(stats.summary.days == 2)
    #expect(stats.summary.min == 1_000)
    #expect(stats.summary.max == 3_000)
    #expect(stats.groups.isEmpty)
  }

  @Test func averagedMetricsHaveNoTotal() throws {
    let weight = try #require(MetricCatalogue.metric("body.bodyMass"))
    let stats = MetricStatistics.compute(
      metric: weight, points: points([("2025-06-01", 72), ("2025-06-02", 74)]),
      from: CalendarDay(iso: "2025-06-01")!, to: CalendarDay(iso: "2025-06-02")!, by: nil)
    #expect(stats.summary.total == nil)
    #expect(stats.summary.mean == 73)
  }

  @Test func weeksRunMondayToSundayAndMonthsByTheCalendar() throws {
    let steps = try #require(MetricCatalogue.metric("activity.steps"))
    // 2025-06-01 is a Sunday.
    let stats = MetricStatistics.compute(
      metric: steps, points: points([("2025-06-01", 1), ("2025-06-02", 2), ("2025-06-08", 4), ("2025-06-09", 8)]),
      from: CalendarDay(iso: "2025-06-01")!, to: CalendarDay(iso: "2025-06-09")!, by: .week)
    #expect(stats.groups.map(\.period) == ["2025-05-26", "2025-06-02", "2025-06-09"])
    #expect(stats.groups.map(\.total) == [1, 6, 8])
    #expect(stats.groups.first?.from.iso == "2025-06-01")
    let months = MetricStatistics.compute(
      metric: steps, points: points([("2024-12-31", 1), ("2025-01-01", 2), ("2025-02-28", 4), ("2025-03-01", 8)]),
      from: CalendarDay(iso: "2024-12-15")!, to: CalendarDay(iso: "2025-03-01")!, by: .month)
    #expect(months.groups.map(\.period) == ["2024-12", "2025-01", "2025-02", "2025-03"])
    #expect(months.groups.map(\.total) == [1, 2, 4, 8])
    #expect(months.groups.map(\.to.iso) == ["2024-12-31", "2025-01-31", "2025-02-28", "2025-03-01"])
  }

  @Test func aWeekWithoutValuesHasNoTotal() throws {
    let steps = try #require(MetricCatalogue.metric("activity.steps"))
    let stats = MetricStatistics.compute(
      metric: steps, points: points([("2025-06-02", 5_000), ("2025-06-16", 7_000)]),
      from: CalendarDay(iso: "2025-06-02")!, to: CalendarDay(iso: "2025-06-22")!, by: .week)
    #expect(stats.groups.map(\.total) == [5_000, nil, 7_000])
    #expect(stats.groups[1].days == 0)
    let text = StatsCommand.text(stats, metric: steps)
    #expect(text.contains("  2025-06-09  no data\n"))
    #expect(!text.contains("total 0"))
  }
}

@Suite struct MetricStatisticsPartialDayTests {
  @Test func partlyRecordedDaysAreCountedApartFromTheFigures() throws {
    let steps = try #require(MetricCatalogue.metric("activity.steps"))
    let whole = [9_000.0, 8_800, 9_100]
    let points =
      whole.enumerated().map { DailyPoint(day: CalendarDay(iso: "2025-06-0\($0.offset + 1)")!, value: $0.element) }
      + [DailyPoint(day: CalendarDay(iso: "2025-06-04")!, value: 1_960, isPartial: true)]
    let stats = MetricStatistics.compute(
      metric: steps, points: points, from: CalendarDay(iso: "2025-06-01")!, to: CalendarDay(iso: "2025-06-07")!,
      by: .week)
    #expect(stats.summary.mean == whole.reduce(0, +) / Double(whole.count))
    #expect(stats.summary.min == whole.min())
    #expect(stats.summary.total == whole.reduce(0, +))
    #expect(stats.summary.days == whole.count)
    #expect(stats.summary.partialDaysLeftOut == 1)
    #expect(stats.groups.map(\.partialDaysLeftOut) == [0, 1])
    let text = StatsCommand.text(stats, metric: steps)
    #expect(text.contains("3 whole days with data, 1 partly recorded day left out"))
  }
}
