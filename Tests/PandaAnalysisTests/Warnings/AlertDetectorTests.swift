import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaMCP
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

@Suite struct AlertDetectorTests {
  private let lastDay = CalendarDay(iso: "2025-06-30")!

  private func scan(_ days: SyntheticDays, from: CalendarDay? = nil) -> AlertScan {
    AlertDetector.scan(days.series(), from: from ?? days.firstDay.adding(days: 60), to: days.lastDay)
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func aPlantedEpisodeIsAlertedWithinADayOfItsStart(seed: UInt64) throws {
    let start = lastDay.adding(days: -40)
    let days = SyntheticDays(
      days: 200, seed: seed, lastDay: lastDay, episodes: [PlantedEpisode(start: start, days: 4)])
    let found = scan(days)
    let alert = try #require(found.alerts.first { $0.end >= start && $0.start <= start.adding(days: 3) })
    #expect(alert.start.days(to: start) >= -1 && start.days(to: alert.start) <= 1)
    #expect(!alert.isActive)
    #expect(alert.signals.count >= 2)
    let heart = try #require(alert.signals.first { $0.metric == "heart.restingHeartRate" })
    #expect(heart.value > heart.high && heart.usual < heart.high && heart.low < heart.usual)
    #expect(alert.sentence.contains("resting heart rate"))
    #expect(alert.sentence.contains("above your usual"))
    #expect(alert.sentence.contains("an easy day may help"))
    for word in ["infection", "covid", "flu", "diagnos", "sick"] {
      #expect(!alert.sentence.lowercased().contains(word))
    }
    #expect(found.alerts.count == 1)
  }

  @Test(arguments: Array(10..<14) as [UInt64])
  func noAlertWhereNothingWasPlanted(seed: UInt64) {
    let found = scan(SyntheticDays(days: 400, seed: seed, lastDay: lastDay))
    #expect(found.judgedDays > 300)
    #expect(found.alerts.isEmpty)
  }

  @Test func anEpisodeOnTheLastDaysIsActiveAndSaysSince() throws {
    let start = lastDay.adding(days: -2)
    let days = SyntheticDays(
      days: 150, seed: 7, lastDay: lastDay, episodes: [PlantedEpisode(start: start, days: 3, strength: 1.5)],
      missingNights: 0)
    let found = scan(days)
    let alert = try #require(found.active)
    #expect(alert.end == lastDay)
    #expect(alert.start == start)
    #expect(alert.sentence.hasPrefix("Since \(start.iso) (3 days so far): "))
  }

  @Test func theEpisodeDoesNotWidenItsOwnBand() throws {
    // A long episode: its later days are still judged against the weeks before it began.
    let start = lastDay.adding(days: -20)
    let days = SyntheticDays(
      days: 200, seed: 8, lastDay: lastDay, episodes: [PlantedEpisode(start: start, days: 14)], missingNights: 0)
    let alert = try #require(scan(days).alerts.first)
    #expect(alert.start.days(to: start) >= -1 && start.days(to: alert.start) <= 1)
    #expect(alert.end.days(to: start.adding(days: 13)) <= 1)
  }

  @Test func oneSignalAloneIsAPossibleAlertAtMost() throws {
    let days = SyntheticDays(days: 150, seed: 9, lastDay: lastDay, missingNights: 0)
    let series = days.series().map { series -> MetricSeries in
      guard series.metric.id == "heart.restingHeartRate" else { return series }
      let points = series.points.map { point -> DailyPoint in
        var point = point
        if point.day > lastDay.adding(days: -5) { point.value += 15 }
        return point
      }
      return MetricSeries(metric: series.metric, points: points, lastDay: series.lastDay, availability: .current)
    }
    let alerts = AlertDetector.scan(series, from: lastDay.adding(days: -30), to: lastDay).alerts
    let alert = try #require(alerts.first)
    #expect(alerts.count == 1)
    #expect(alert.level == .possible)
    #expect(alert.signals.map(\.metric) == ["heart.restingHeartRate"])
    #expect(alert.isActive)
  }

  @Test func tooFewReadingsSayHowManyMoreDays() {
    let short = scan(
      SyntheticDays(days: 20, seed: 3, lastDay: lastDay, missingNights: 0), from: lastDay.adding(days: -19))
    #expect(short.judgedDays == 0)
    #expect(short.shortfall == .moreDays(needed: 8))
    let none = AlertDetector.scan([], from: lastDay.adding(days: -10), to: lastDay)
    #expect(none.shortfall == .fewSignals(withReadings: []))
  }

  @Test func tooFewSignalsNameTheDaysJudged() throws {
    // HRV only, and only in the weeks before the 90 days judged: within them there is none.
    let days = SyntheticDays(days: 150, seed: 3, lastDay: lastDay, missingNights: 0)
    let from = lastDay.adding(days: -89)
    let series = days.series().filter { $0.metric.id == "heart.hrv" }.map { series in
      MetricSeries(
        metric: series.metric, points: series.points.filter { $0.day < from }, lastDay: series.lastDay,
        availability: .current)
    }
    let scan = AlertDetector.scan(series, from: from, to: lastDay)
    #expect(scan.shortfall == .fewSignals(withReadings: []))
    let note = try #require(scan.shortfallSentence)
    #expect(note.hasSuffix("the 90 days judged, \(from.iso) to \(lastDay.iso), have none of them."), "\(note)")
  }

  @Test func theAlertEncodesAsTheIssueGivesIt() throws {
    let alert = HealthAlert(
      start: lastDay, end: lastDay,
      signals: [HealthAlert.Signal(metric: "heart.hrv", value: 30, usual: 50, low: 40, high: 60)], sentence: "s",
      isActive: true)
    let text = try JSONOutput.string(alert)
    #expect(text.contains("\"start\" : \"2025-06-30\"") || text.contains("\"start\":\"2025-06-30\""))
    #expect(text.contains("\"active\""))
    #expect(text.contains("\"low\""))
  }
}
