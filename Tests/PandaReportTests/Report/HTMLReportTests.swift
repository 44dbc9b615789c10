import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaCLI
@testable import PandaCore
@testable import PandaReport
@testable import PandaStore
@testable import PandaTestSupport

/// `panda report`: one self-contained page with every insight's sentences, a chart with a title
/// and a table per metric, and nothing that could reach the network.
@Suite struct HTMLReportTests {
  let data: PlantedTrends

  init() throws {
    data = try PlantedTrends()
  }

  func report(_ arguments: [String] = []) async -> (status: ExitCode, output: String, error: String) {
    await runPanda(
      ["report", "--db", data.path, "--timezone", "UTC", "--as-of", PlantedTrends.asOf.iso] + arguments)
  }

  @Test func everyInsightsSentenceIsThereAsInsightsWritesIt() async throws {
    let page = await report()
    #expect(page.status == .success, "\(page.error)")
    let insights = await runPanda([
      "insights", "--db", data.path, "--timezone", "UTC", "--as-of", PlantedTrends.asOf.iso, "--format", "json",
    ])
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(insights.output.utf8)) as? [String: Any])
    let items = try #require(document["insights"] as? [[String: Any]])
    #expect(items.count == HealthCategory.analysed.count * 3)
    for item in items {
      let summary = try #require(item["summary"] as? String)
      #expect(page.output.contains(HTML.escape(summary)), "\(summary)")
      for metric in item["metrics"] as? [[String: Any]] ?? [] {
        let message = try #require(metric["message"] as? String)
        #expect(page.output.contains(HTML.escape(message)), "\(message)")
      }
      for line in (item["encouragement"] as? [String] ?? []) + (item["suggestions"] as? [String] ?? []) {
        #expect(page.output.contains(HTML.escape(line)), "\(line)")
      }
    }
  }

  @Test func eachMetricWithDataHasAChartWithATitleAndATableOfItsFigures() async throws {
    let page = await report(["--category", "activity", "--category", "sleep"]).output
    let snapshot = try HealthFetcher(database: data.database).loadAll(asOf: PlantedTrends.asOf)
    let days = PlantedTrends.asOf.adding(days: -90)...PlantedTrends.asOf.adding(days: -1)
    let charted = snapshot.series.filter {
      [.activity, .sleep].contains($0.metric.category)
        && !$0.points(from: days.lowerBound, through: days.upperBound).isEmpty
    }
    #expect(charted.count >= 10)
    for series in charted {
      let id = "t-" + series.metric.id.replacingOccurrences(of: ".", with: "-")
      #expect(page.contains("aria-labelledby=\"\(id)\"><title id=\"\(id)\">\(HTML.escape(series.metric.name)), daily"))
    }
    #expect(page.components(separatedBy: "<svg class=\"daily\"").count - 1 == charted.count)
    #expect(page.contains("<details><summary>Figures</summary><table>"))
    // The rings and the workouts by type.
    #expect(page.contains("t-ring-activity-move"))
    #expect(page.contains("<title id=\"t-workouts\">Workout time by type"))
    #expect(!page.contains("id=\"heart\""))
  }

  @Test func thePageIsSelfContainedAndTheDatabaseIsNotWritten() async throws {
    let before = try contents(ofDatabaseAt: data.path)
    let page = await report().output
    #expect(try contents(ofDatabaseAt: data.path) == before)
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    for word in ["<script", "<img", "<link", "<iframe", "@import", "url(", "http://", "https://", "src="] {
      #expect(!page.contains(word), "\(word)")
    }
    #expect(page.contains("default-src 'none'"))
    #expect(page.contains("prefers-color-scheme:dark"))
    #expect(page.contains("@page{size:A4"))
    #expect(page.utf8.count < 2_000_000)
  }

  @Test func aPartlyRecordedDayIsDrawnHollowAndSaidInItsTitleAndTable() {
    let steps = MetricCatalogue.metric("activity.steps")!
    let first = CalendarDay(iso: "2025-04-01")!
    let points =
      (0..<10).map { DailyPoint(day: first.adding(days: $0), value: 5_000 + Double($0) * 100) }
      + [DailyPoint(day: first.adding(days: 10), value: 900, isPartial: true)]
    let chart = DailyChart(
      metric: steps, days: DayRange(first...first.adding(days: 89)), points: points, units: .metric)
    let html = chart.html(id: "t")
    #expect(html.components(separatedBy: "class=\"bar partial\"").count - 1 == 1)
    #expect(html.components(separatedBy: "class=\"bar\"").count - 1 == 10)
    #expect(chart.title.contains("1 partly recorded day, drawn hollow"))
    #expect(chart.title.contains("usual range 5,225 steps to 5,675 steps"))
    #expect(html.contains("<td>2025-04-11</td><td>900 steps <small>(partly recorded)</small></td>"))
    #expect(html.contains("class=\"usual\""))
  }

  @Test func derivedDaysAreSaidUnderTheChartInItsTitleAndTable() {
    let resting = MetricCatalogue.metric("heart.restingHeartRate")!
    let first = CalendarDay(iso: "2025-04-01")!
    let points = (0..<10).map {
      DailyPoint(day: first.adding(days: $0), value: 58 + Double($0 % 3), isDerived: $0 >= 7)
    }
    let chart = DailyChart(
      metric: resting, days: DayRange(first...first.adding(days: 89)), points: points, units: .metric)
    let html = chart.html(id: "t")
    #expect(chart.title.contains("3 days derived from heart rate and steps"))
    #expect(html.contains("<p class=\"note\">3 of these 10 days are derived from heart rate and steps"))
    #expect(html.components(separatedBy: "<small>(derived)</small>").count - 1 == 3)
    #expect(html.contains("<td>2025-04-10</td><td>58 bpm <small>(derived)</small></td>"))
    let recorded = DailyChart(
      metric: resting, days: DayRange(first...first.adding(days: 89)),
      points: points.map { DailyPoint(day: $0.day, value: $0.value) }, units: .metric)
    #expect(recorded.derivedNote == nil)
    #expect(!recorded.html(id: "t").contains("derived"))
  }

  @Test func aLineOfWhatCannotBeNegativeHasItsBaseAtZeroAtTheLowest() {
    let inBed = MetricCatalogue.metric("sleep.inBed")!
    let first = CalendarDay(iso: "2018-01-16")!
    let points = [0.2, 7, 8, 7.5, 6.9].enumerated().map { DailyPoint(day: first.adding(days: $0), value: $1) }
    let svg = DailyChart(metric: inBed, days: DayRange(first...first.adding(days: 89)), points: points, units: .metric)
      .svg(id: "t")
    #expect(svg.contains(">0 min</text>"))
    #expect(!svg.contains(">-"))
  }

  @Test func aPartlyRecordedDayIsKeptOutOfTheLineAndTheScale() throws {
    let heart = MetricCatalogue.metric("heart.heartRate")!
    let first = CalendarDay(iso: "2025-04-01")!
    let points =
      (0..<20).map { DailyPoint(day: first.adding(days: $0), value: 60 + Double($0 % 5)) }
      + [DailyPoint(day: first.adding(days: 20), value: 180, isPartial: true)]
      + (21..<30).map { DailyPoint(day: first.adding(days: $0), value: 62) }
    let chart = DailyChart(
      metric: heart, days: DayRange(first...first.adding(days: 29)), points: points, units: .metric)
    let scale = chart.scale
    #expect(scale.high < 100 && scale.low >= 50)
    let svg = chart.svg(id: "t")
    let path = try #require(svg.firstMatch(of: /<path class="line" d="([^"]*)"/)?.output.1)
    // Two runs of whole days, the partly recorded day between them left out.
    #expect(path.filter { $0 == "M" }.count == 2)
    #expect(path.filter { $0 == "L" }.count == 19 + 8)
    let partial = try #require(svg.firstMatch(of: /<circle class="dot partial" cx="[^"]*" cy="([^"]*)"/)?.output.1)
    // Above the scale, it is pinned to the top of the plot, not drawn off it.
    #expect(Double(partial) ?? -1 >= 0)
  }

  @Test func theValueAxisHasRoundTicksGridlinesAndItsUnitAndNoLabelIsCut() throws {
    let exercise = MetricCatalogue.metric("activity.exerciseMinutes")!
    let first = CalendarDay(iso: "2025-04-01")!
    let points = (0..<60).map { DailyPoint(day: first.adding(days: $0), value: Double(20 + ($0 * 37) % 1_560)) }
    let chart = DailyChart(
      metric: exercise, days: DayRange(first...first.adding(days: 89)), points: points, units: .metric)
    let svg = chart.svg(id: "t")
    let ticks = chart.scale.ticks
    #expect(ticks.first == 0)
    #expect(ticks.count >= 3 && ticks.count <= 7)
    #expect(svg.components(separatedBy: "<line class=\"grid\"").count - 1 == ticks.count - 1)
    #expect(svg.contains(">1,500</text>"))
    #expect(svg.contains("class=\"tick unit\""))
    #expect(svg.contains(">min</text>"))
    #expect(svg.contains(">1 May</text>") && svg.contains(">1 Jun</text>"))
    // Every right-aligned label has room to its left inside the drawing.
    for label in svg.matches(of: /<text class="tick end" x="([0-9.]+)"[^>]*>([^<]*)</) {
      let x = Double(label.output.1) ?? 0
      #expect(x - Double(label.output.2.count) * 7.2 >= 0, "\(label.output.2)")
    }
  }

  @Test func whatStandsOutOpensThePageAboveTheChartsAndLinksToItsDetail() async throws {
    let page = await report().output
    let highlights = try #require(page.range(of: "<section id=\"highlights\""))
    let firstChart = try #require(page.range(of: "<svg class=\"daily\""))
    #expect(highlights.upperBound < firstChart.lowerBound)
    let section = String(page[highlights.lowerBound...].prefix { $0 != "§" }.split(separator: "</section>")[0])
    let targets = section.matches(of: /href="#([a-z-]+)"/).map { String($0.output.1) }
    #expect(!targets.isEmpty && targets.count <= HighlightRanking.limit)
    for target in targets { #expect(page.contains("id=\"\(target)\""), "\(target)") }
  }

  @Test func aCategoryWithoutDataIsOneLineNotASection() {
    let asOf = CalendarDay(iso: "2025-07-01")!
    let outcomes = InsightPeriod.allCases.map { period in
      InsightOutcome(
        job: InsightJob(category: .hearing, period: period),
        insight: Insight(category: .hearing, period: period, status: .noData, summary: "No hearing data \(period)."),
        source: .fresh, generatedAt: 0, generatedDay: asOf)
    }
    let page = HTMLReport(
      asOf: asOf, provider: "heuristic", outcomes: outcomes,
      snapshot: HealthSnapshot(asOf: asOf, window: DayRange(asOf.adding(days: -100)...asOf), series: []),
      recency: DataRecency(lastDay: nil, byCategory: [:]), units: .metric
    ).html()
    #expect(!page.contains("<section id=\"hearing\""))
    #expect(!page.contains("No hearing data"))
    #expect(page.components(separatedBy: "Headphone audio levels are recorded").count == 2)
  }

  @Test func workoutTimesFitInsideTheirChart() async throws {
    let page = await report(["--category", "activity"]).output
    let start = try #require(page.range(of: "aria-labelledby=\"t-workouts\""))
    let svg = page[start.lowerBound...].prefix { _ in true }.split(separator: "</svg>")[0]
    let times = svg.matches(of: /<text class="tick" x="([0-9.]+)"[^>]*>([^<]*)</)
    #expect(!times.isEmpty)
    for time in times {
      let x = Double(time.output.1) ?? 0
      #expect(x + Double(time.output.2.count) * 13 * 0.6 <= 480, "\(time.output.2)")
    }
  }

  @Test func namesInThePageAreEscaped() {
    #expect(HTML.escape("<b>Sam's & \"co\"</b>") == "&lt;b&gt;Sam&#39;s &amp; &quot;co&quot;&lt;/b&gt;")
  }

  @Test func theReportIsWrittenToAFileAndAnUnwritableOneIsRefused() async throws {
    let file = data.folder.file("report.html")
    let written = await report(["--output", file, "--category", "body"])
    #expect(written.status == .success)
    #expect(written.output.isEmpty)
    #expect(try String(contentsOfFile: file, encoding: .utf8).contains("<section id=\"body\""))
    let refused = await report(["--output", data.folder.file("missing/folder/report.html")])
    #expect(refused.status == .cannotCreate)
    #expect(refused.error.contains("cannot write the report to"))
  }
}
