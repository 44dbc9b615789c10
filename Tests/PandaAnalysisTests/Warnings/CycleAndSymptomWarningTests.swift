import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

/// Warnings where Health records the menstrual cycle and symptoms: a normal luteal rise warns
/// no more than no cycle at all, an illness in the luteal phase is still warned, and a symptom
/// makes a possible warning a warning and is named with its days.
@Suite struct CycleAndSymptomWarningTests {
  private let lastDay = CalendarDay(iso: "2025-06-30")!

  /// Every day from the start to the end of each alert.
  private func alertDays(_ scan: AlertScan) -> Int { scan.alerts.reduce(0) { $0 + $1.days } }

  private func scan(_ days: SyntheticDays, records: CategoryRecords = CategoryRecords()) -> AlertScan {
    AlertDetector.scan(days.series(), from: days.firstDay.adding(days: 60), to: days.lastDay, records: records)
  }

  @Test func normalLutealShiftsWarnNoMoreThanNoCycleAtAll() {
    // Noisy, drifting readings in whole bpm, where a flat baseline reads luteal rises as strain.
    var withRecords = 0
    var withoutRecords = 0
    var withoutCycles = 0
    for seed in 1...8 as ClosedRange<UInt64> {
      let cycling = SyntheticDays(
        days: 730, seed: seed, lastDay: lastDay, cycles: MenstrualCycles(seed: seed), dayToDayCorrelation: 0.5,
        wholeHeartRate: true)
      let plain = SyntheticDays(days: 730, seed: seed, lastDay: lastDay, dayToDayCorrelation: 0.5, wholeHeartRate: true)
      let records = cycling.records()
      #expect(records.cycles.cycles.count >= 20)
      withRecords += alertDays(scan(cycling, records: records))
      withoutRecords += alertDays(scan(cycling))
      withoutCycles += alertDays(scan(plain))
    }
    #expect(withRecords <= withoutCycles, "\(withRecords) warning days with the cycles, \(withoutCycles) without")
    #expect(withoutRecords > withoutCycles, "the flow records must be what keeps the cycles from warning")
  }

  @Test(arguments: [5029, 5030, 5096] as [UInt64])
  func aCycleWithItsFlowRecordedAddsNoWarningDaysWhereWholeBpmMedianMisjudgedItsShift(seed: UInt64) {
    // The bench's people (`panda-bench warnings --first 5000`) on whom the cycle added 5 to 9
    // warning days when the shift was the difference of plain medians of whole bpm, each against
    // the same person on the same noise without the cycle.
    let cycling = SyntheticDays(
      days: 730, seed: seed &+ 500_000, lastDay: lastDay, cycles: MenstrualCycles(seed: seed),
      dayToDayCorrelation: 0.5, wholeHeartRate: true)
    let plain = SyntheticDays(
      days: 730, seed: seed &+ 500_000, lastDay: lastDay, dayToDayCorrelation: 0.5, wholeHeartRate: true)
    let withCycle = alertDays(scan(cycling, records: cycling.records()))
    let withoutCycle = alertDays(scan(plain))
    #expect(withCycle <= withoutCycle, "\(withCycle) warning days with the cycle, \(withoutCycle) without")
  }

  @Test(arguments: [11, 12, 13, 14, 15] as [UInt64])
  func aNormalCycleWithoutIllnessGivesNoWarningOverTwoYears(seed: UInt64) {
    // Two years of cycles with their luteal rises, days drawn afresh and resting heart rate in
    // whole bpm: the flow records make every rise the phase's own.
    let cycling = SyntheticDays(
      days: 730, seed: seed, lastDay: lastDay, cycles: MenstrualCycles(seed: seed), wholeHeartRate: true)
    let records = cycling.records()
    #expect(records.cycles.cycles.count >= 20)
    let found = scan(cycling, records: records)
    #expect(found.judgedDays >= 600)
    #expect(found.alerts.isEmpty, "\(found.alerts.map(\.sentence))")
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func anIllnessInTheLutealPhaseIsStillWarned(seed: UInt64) throws {
    let cycles = MenstrualCycles(seed: seed)
    let history = cycles.cycles(from: lastDay.adding(days: -300), through: lastDay)
    // Onset a week before a period, the rise coming on in the days before: all luteal.
    let cycle = try #require(history.last { $0.start.adding(days: $0.length) < lastDay.adding(days: -20) })
    let onset = cycle.start.adding(days: cycle.length - 7)
    let illness = PlantedIllness(onset: onset, rise: 6, leadDays: 3)
    let days = SyntheticDays(days: 300, seed: seed, lastDay: lastDay, illnesses: [illness], cycles: cycles)
    var records = days.records()
    records.symptoms = []
    #expect(records.cycles.phase(on: onset) == .luteal)
    let found = scan(days, records: records)
    let alert = try #require(
      found.alerts.first { $0.start <= onset.adding(days: 3) && $0.end >= onset.adding(days: -7) })
    #expect(!alert.signals.isEmpty)
    // Each signal named is said against its luteal usual and band, and is outside that band.
    for signal in alert.signals {
      let rule = try #require(AlertSignal.all.first { $0.metric == signal.metric })
      #expect(rule.unhealthyIsHigh ? signal.value > signal.high : signal.value < signal.low, "\(signal)")
      if signal.metric == "heart.restingHeartRate" { #expect(signal.value - signal.usual >= 3) }
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func aSymptomMakesAPossibleWarningAWarningAndIsNamedWithItsDays(seed: UInt64) throws {
    let onset = lastDay.adding(days: -30)
    let illness = PlantedIllness(onset: onset, rise: 8, leadDays: 4, stepsDrop: 0.7)
    let days = SyntheticDays(days: 200, seed: seed, lastDay: lastDay, illnesses: [illness])
    let series = days.series().filter { ["heart.restingHeartRate", "activity.steps"].contains($0.metric.id) }
    let from = lastDay.adding(days: -89)
    let plain = try #require(AlertDetector.scan(series, from: from, to: lastDay).alerts.first)
    #expect(plain.level == .possible)
    #expect(!plain.sentence.contains("Health has"))
    let records = days.records()
    #expect(!records.symptoms.isEmpty)
    let alert = try #require(AlertDetector.scan(series, from: from, to: lastDay, records: records).alerts.first)
    #expect(alert.level == .warning)
    #expect(alert.start == plain.start)
    #expect(!alert.sentence.contains("possibly"))
    let named = alert.evidence.filter { $0.symptom != nil }
    #expect(Set(named.map(\.metric)) == Set(records.symptoms.map(\.type)))
    for evidence in named {
      let days = try #require(evidence.days)
      #expect(days == records.symptoms.filter { $0.type == evidence.metric }.map(\.day))
      #expect(evidence.value == Double(days.count))
      #expect(alert.sentence.contains("\(evidence.symptom ?? "") \(AlertPhrases.days(days))"))
    }
    #expect(alert.sentence.contains("; Health has "))
    // The nightly notice, sent while the warning is on, says so.
    let early = AlertDetector.scan(series, from: from, to: onset.adding(days: 1), records: records)
    let notice = try #require(AlertNotice.candidates(early.alerts, lastDay: onset.adding(days: 1)).last)
    #expect(notice.state == .started && notice.level == .warning)
    #expect(notice.sentence.contains("; Health has "))
    #expect(notice.sentence.contains(onset.iso))
  }

  @Test func aSymptomWithOneSignalOutsideItsBandIsAWarningAndASymptomAloneIsNone() throws {
    let days = SyntheticDays(days: 200, seed: 5, lastDay: lastDay, missingNights: 0)
    let series = days.series()
    let quiet = AlertDetector.scan(series, from: lastDay.adding(days: -89), to: lastDay)
    #expect(quiet.alerts.isEmpty)
    // A fever on a day with no signal outside its band: nothing.
    let feverDay = lastDay.adding(days: -20)
    let fever = CategoryRecords(symptoms: [
      CategoryRecords.Symptom(day: feverDay, type: "HKCategoryTypeIdentifierFever")
    ])
    #expect(AlertDetector.scan(series, from: lastDay.adding(days: -89), to: lastDay, records: fever).alerts.isEmpty)
    // Wrist temperature far up that day: one signal, which with the fever is a warning.
    let warm = series.map { series -> MetricSeries in
      guard series.metric.id == "body.wristTemperature" else { return series }
      let points = series.points.map { point in
        point.day == feverDay ? DailyPoint(day: point.day, value: point.value + 2) : point
      }
      return MetricSeries(metric: series.metric, points: points, lastDay: points.last?.day, availability: .current)
    }
    #expect(AlertDetector.scan(warm, from: lastDay.adding(days: -89), to: lastDay).alerts.isEmpty)
    let alert = try #require(
      AlertDetector.scan(warm, from: lastDay.adding(days: -89), to: lastDay, records: fever).alerts.first)
    #expect(alert.level == .warning)
    #expect(alert.start == feverDay)
    #expect(alert.signals.map(\.metric) == ["body.wristTemperature"])
    #expect(alert.sentence.contains("; Health has fever on \(feverDay.iso)."))
  }
}
