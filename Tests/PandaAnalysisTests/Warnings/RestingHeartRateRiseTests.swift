import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaCLI
@testable import PandaCore
@testable import PandaMCP
@testable import PandaServices
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

/// The single-signal warning: resting heart rate alone, up for days against the person's own
/// baseline, is a "possible" warning; one high day is not; a menstrual cycle is not; a warning
/// whose readings stop stays open.
@Suite struct RestingHeartRateRiseTests {
  private let lastDay = CalendarDay(iso: "2025-06-30")!

  /// What a device writing heart rate and steps only gives.
  private func heartAndSteps(_ days: SyntheticDays) -> [MetricSeries] {
    days.series().filter { ["heart.restingHeartRate", "activity.steps"].contains($0.metric.id) }
  }

  /// `series` with `change` applied to the points of `metric`.
  private func changing(
    _ series: [MetricSeries], _ metric: String, _ change: (DailyPoint) -> DailyPoint?
  ) -> [MetricSeries] {
    series.map { series in
      guard series.metric.id == metric else { return series }
      let points = series.points.compactMap(change)
      return MetricSeries(metric: series.metric, points: points, lastDay: points.last?.day, availability: .current)
    }
  }

  private func scan(_ series: [MetricSeries], days: Int = 90) -> AlertScan {
    AlertDetector.scan(series, from: lastDay.adding(days: 1 - days), to: lastDay)
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func aRiseOfRestingHeartRateAloneIsAPossibleWarningAroundOnset(seed: UInt64) throws {
    let onset = lastDay.adding(days: -30)
    let illness = PlantedIllness(onset: onset, rise: 8, leadDays: 4, stepsDrop: 0.7)
    let days = SyntheticDays(days: 200, seed: seed, lastDay: lastDay, illnesses: [illness])
    let found = scan(heartAndSteps(days))
    let alert = try #require(found.alerts.first)
    #expect(found.alerts.count == 1)
    #expect(alert.level == .possible)
    #expect(alert.start >= onset.adding(days: -7) && alert.start <= onset.adding(days: 3))
    #expect(alert.signals.map(\.metric) == ["heart.restingHeartRate"])
    let heart = try #require(alert.signals.first)
    #expect(heart.value - heart.usual >= 5)
    #expect(alert.sentence.contains("possibly an early warning, from one signal: resting heart rate"))
    #expect(alert.evidence.contains { $0.metric == "activity.steps" && $0.value < $0.usual * 0.7 })
    #expect(alert.sentence.contains("steps ") && alert.sentence.contains("% below usual"))
    #expect(!alert.isActive)
    #expect(alert.backInRange != nil)
    for word in ["infection", "covid", "flu", "diagnos", "sick"] {
      #expect(!alert.sentence.lowercased().contains(word))
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func oneHighDayIsNoWarning(seed: UInt64) {
    let days = SyntheticDays(days: 200, seed: seed, lastDay: lastDay, missingNights: 0)
    let spike = lastDay.adding(days: -20)
    let quiet = scan(heartAndSteps(days))
    let spiked = scan(
      changing(heartAndSteps(days), "heart.restingHeartRate") { point in
        var point = point
        if point.day == spike { point.value += 30 }
        return point
      })
    #expect(quiet.alerts.isEmpty)
    #expect(spiked.alerts.isEmpty)
    #expect(spiked.judgedDays == 90)
  }

  @Test func twoSignalsKeepTheLevelWarning() throws {
    let start = lastDay.adding(days: -30)
    let days = SyntheticDays(days: 200, seed: 4, lastDay: lastDay, episodes: [PlantedEpisode(start: start, days: 5)])
    let alert = try #require(scan(days.series()).alerts.first)
    #expect(alert.level == .warning)
    #expect(alert.signals.count >= 2)
    #expect(!alert.sentence.contains("possibly"))
    // The same days from heart rate and steps alone: one signal, so possible at most.
    #expect(scan(heartAndSteps(days)).alerts.allSatisfy { $0.level == .possible })
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
  func aMenstrualCyclesLutealShiftNeverWarns(seed: UInt64) throws {
    // Cycles of 26 to 32 days whose luteal phases raise resting heart rate by their full 2–3 bpm,
    // wrist temperature by 0.3–0.5 °C and lower HRV, over readings that vary from day to day by
    // a fixed pattern of up to 2 bpm: the shift alone, at its largest, must not warn.
    let first = lastDay.adding(days: -399)
    let cycles = MenstrualCycles(seed: seed).cycles(from: first, through: lastDay)
    let wobble: [Double] = [0, 1, -1, 2, -2, 0, 1, -1, 0, 2, -1, 1, -2]
    var heart: [DailyPoint] = []
    var temperature: [DailyPoint] = []
    var hrv: [DailyPoint] = []
    for offset in 0..<400 {
      let day = first.adding(days: offset)
      let cycle = try #require(cycles.last { $0.start <= day })
      let luteal = MenstrualCycles.luteal(day, in: cycle)
      let noise = wobble[offset % wobble.count]
      heart.append(DailyPoint(day: day, value: 56 + noise + luteal * 3))
      temperature.append(DailyPoint(day: day, value: 0.1 * noise + luteal * 0.5))
      hrv.append(DailyPoint(day: day, value: 50 + 3 * noise - luteal * 5))
    }
    let series = [("heart.restingHeartRate", heart), ("body.wristTemperature", temperature), ("heart.hrv", hrv)]
      .compactMap { id, points in
        MetricCatalogue.metric(id).map {
          MetricSeries(metric: $0, points: points, lastDay: lastDay, availability: .current)
        }
      }
    #expect(cycles.contains { $0.start > first.adding(days: 60) })
    let found = AlertDetector.scan(series, from: first.adding(days: 60), to: lastDay)
    #expect(found.judgedDays == 340)
    #expect(found.alerts.isEmpty)
    // The same history with an illness-sized rise on top of a luteal phase does warn.
    let late = try #require(cycles.last { $0.start.adding(days: $0.length) < lastDay.adding(days: -5) })
    let onset = late.start.adding(days: late.length - 8)
    let ill = series.map { series -> MetricSeries in
      guard series.metric.id == "heart.restingHeartRate" else { return series }
      let points = series.points.map { point -> DailyPoint in
        var point = point
        let offset = onset.days(to: point.day)
        if (-2...3).contains(offset) { point.value += 7 }
        return point
      }
      return MetricSeries(metric: series.metric, points: points, lastDay: lastDay, availability: .current)
    }
    let warned = try #require(AlertDetector.scan(ill, from: first.adding(days: 60), to: lastDay).alerts.first)
    #expect(warned.start >= onset.adding(days: -2) && warned.start <= onset.adding(days: 3))
  }

  @Test func readingsThatStopMidWarningKeepItOpenUntilTheyComeBack() throws {
    let onset = lastDay.adding(days: -10)
    let illness = PlantedIllness(onset: onset, rise: 9, leadDays: 3, plateauDays: 20, recoveryDays: 3)
    let days = SyntheticDays(days: 200, seed: 5, lastDay: lastDay, missingNights: 0, illnesses: [illness])
    let stop = onset.adding(days: 3)
    // The phone stops syncing after `stop`: no body signal has a reading after it.
    var series = days.series()
    for metric in AlertSignal.all.map(\.metric) {
      series = changing(series, metric) { $0.day <= stop ? $0 : nil }
    }
    let open = scan(series)
    let alert = try #require(open.alerts.last)
    #expect(alert.isActive)
    #expect(alert.end == stop)
    #expect(alert.noReadingsSince == stop)
    #expect(alert.sentence.contains("No readings since \(stop.iso): the warning stays open until they come back."))
    #expect(!alert.sentence.contains("back within"))
    let notices = AlertNotice.candidates(open.alerts, lastDay: lastDay)
    #expect(notices.map(\.state) == [.started])
    #expect(!notices.contains { $0.sentence.contains("ended") })

    // The readings come back on the last day, in range: now it ended, told with the day they came back.
    let back = changing(series, "heart.restingHeartRate") { $0 }.map { series -> MetricSeries in
      guard series.metric.id == "heart.restingHeartRate" else { return series }
      let usual = series.points.first?.value ?? 56
      let points =
        series.points + [
          DailyPoint(day: lastDay.adding(days: -1), value: usual), DailyPoint(day: lastDay, value: usual),
        ]
      return MetricSeries(metric: series.metric, points: points, lastDay: lastDay, availability: .current)
    }
    let closed = try #require(scan(back).alerts.last)
    #expect(!closed.isActive)
    #expect(closed.noReadingsSince == nil)
    #expect(closed.backInRange == lastDay.adding(days: -1))
    let ended = AlertNotice.candidates([closed], lastDay: lastDay)
    #expect(ended.map(\.state) == [.ended])
    #expect(ended.first?.sentence.contains("the readings since \(lastDay.adding(days: -1).iso) show") == true)
  }

  @Test func theJSONGivesEachAlertItsLevel() throws {
    let onset = lastDay.adding(days: -30)
    let days = SyntheticDays(
      days: 200, seed: 1, lastDay: lastDay, illnesses: [PlantedIllness(onset: onset, rise: 8, leadDays: 4)])
    let scan = scan(heartAndSteps(days))
    let answer = AlertsRun.Output(from: scan.from, to: scan.to, alerts: scan.alerts, note: nil, scan: scan)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(JSONOutput.string(answer).utf8)) as? [String: Any])
    let alerts = try #require(json["alerts"] as? [[String: Any]])
    #expect(!alerts.isEmpty)
    #expect(alerts.allSatisfy { $0["level"] as? String == "possible" })
    let warning = HealthAlert(start: lastDay, end: lastDay, signals: [], sentence: "s", isActive: true)
    #expect(try JSONOutput.string(warning).contains("\"level\" : \"warning\""))
    let text = scan.text
    #expect(text.hasPrefix("Early warnings from \(scan.from.iso) to \(scan.to.iso): 1 possible alert ("))
  }
}
