import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaImport
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

/// Where Health records the menstrual cycle, the trends of resting heart rate, HRV, respiratory
/// rate and wrist temperature allow for the person's luteal shift: a normal luteal rise is no
/// "worse" trend on any day, while a real rise still is; the figures stay the person's own, and a
/// cached insight does not outlive a change of the flow records.
@Suite struct CycleTrendTests {
  private let lastDay = CalendarDay(iso: "2025-06-30")!
  private let body: [HealthCategory] = [.heart, .body, .respiratory]
  private let worseWords = ["worse", "slipped", "declin"]

  /// The snapshot as of `asOf` of `days`, holding only what was recorded before it; the flow
  /// records too when `records` is true.
  private func snapshot(_ days: SyntheticDays, asOf: CalendarDay, records: Bool) -> HealthSnapshot {
    snapshot(days.series(), days.records(), from: days.firstDay, asOf: asOf, records: records)
  }

  /// The same from series and records generated once.
  private func snapshot(
    _ all: [MetricSeries], _ recorded: CategoryRecords, from first: CalendarDay, asOf: CalendarDay, records: Bool
  ) -> HealthSnapshot {
    let lastKnown = asOf.adding(days: -1)
    let series = all.map { series in
      MetricSeries(
        metric: series.metric, points: series.points.filter { $0.day <= lastKnown },
        lastDay: series.points.last { $0.day <= lastKnown }?.day, availability: series.availability)
    }
    var known = CategoryRecords()
    if records {
      known.flowDays = recorded.flowDays.filter { $0 <= lastKnown }
      known.cycleStarts = recorded.cycleStarts.filter { $0 <= lastKnown }
    }
    return HealthSnapshot(asOf: asOf, window: DayRange(first...asOf), series: series, records: known)
  }

  /// The cards of the categories the cycle moves, as the offline provider writes them in a
  /// full report.
  private func cards(_ snapshot: HealthSnapshot) -> [(InsightRequest, Insight)] {
    let report = ReportTrends.of(snapshot)
    return body.flatMap { category in
      InsightPeriod.allCases.map { period in
        let request = InsightRequest.request(from: snapshot, category: category, period: period, report: report)
        return (request, HeuristicProvider().write(request).withLutealNote(request))
      }
    }
  }

  /// The metrics the cycle moves that a card calls worse, by claim or by word.
  private func worse(_ insight: Insight) -> [String] {
    insight.metrics.filter { assessment in
      LutealShift.moved[assessment.metric] != nil
        && (assessment.assessment == .declining
          || worseWords.contains { assessment.message.lowercased().contains($0) })
    }.map(\.metric)
  }

  /// Generated days with cycles and steady readings, so that the phase's shift stands out of the
  /// day-to-day noise as it does on a quiet person's watch.
  private func steadyDays(seed: UInt64, illnesses: [PlantedIllness] = []) -> SyntheticDays {
    var days = SyntheticDays(
      days: 400, seed: seed, lastDay: lastDay, missingNights: 0, partialDays: 0, illnesses: illnesses,
      cycles: MenstrualCycles(seed: seed))
    days.deviations = ["heart.restingHeartRate": 1, "body.wristTemperature": 0.1]
    return days
  }

  @Test func normalLutealShiftsMakeNoWorseTrendOnAnyDay() {
    var judged = 0
    var worseWithoutRecords = 0
    for seed in 1...4 as ClosedRange<UInt64> {
      let days = steadyDays(seed: seed)
      let series = days.series()
      let records = days.records()
      for offset in stride(from: 0, to: 60, by: 4) {
        let asOf = lastDay.adding(days: 1 - offset)
        for (request, insight) in cards(snapshot(series, records, from: days.firstDay, asOf: asOf, records: true)) {
          judged += request.trends.filter { LutealShift.moved[$0.metric] != nil }.count
          #expect(worse(insight).isEmpty, "seed \(seed) as of \(asOf.iso), \(request.category) \(request.period)")
          let others = insight.metrics.filter { LutealShift.moved[$0.metric] == nil && $0.assessment == .declining }
          if others.isEmpty {
            #expect(!worseWords.contains { insight.summary.lowercased().contains($0) }, "\(insight.summary)")
          }
        }
        for (_, insight) in cards(snapshot(series, records, from: days.firstDay, asOf: asOf, records: false)) {
          worseWithoutRecords += worse(insight).count
        }
      }
    }
    #expect(judged >= 4 * 15 * 9)
    // The same days read without the flow records: the luteal rises are taken for changes, so
    // the records are what keeps them from reading worse.
    #expect(worseWithoutRecords > 0)
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func aRealRiseStillReadsWorseInEitherPhase(seed: UInt64) throws {
    let cycles = MenstrualCycles(seed: seed)
    let history = cycles.cycles(from: lastDay.adding(days: -120), through: lastDay)
    let cycle = try #require(history.last { $0.start.adding(days: $0.length) < lastDay.adding(days: -10) })
    // A week's rise well above the shift, once in the middle of a luteal phase and once in the
    // follicular days after it.
    let luteal = cycle.start.adding(days: cycle.length - 7)
    let follicular = cycle.start.adding(days: cycle.length + 3)
    for onset in [luteal, follicular] {
      let illness = PlantedIllness(onset: onset, rise: 8, leadDays: 1, plateauDays: 7, recoveryDays: 1)
      let days = steadyDays(seed: seed, illnesses: [illness])
      let asOf = onset.adding(days: 7)
      let snapshot = snapshot(days, asOf: asOf, records: true)
      #expect(snapshot.cycles?.phase(on: luteal, knownThrough: asOf.adding(days: -1)) == .luteal)
      let request = InsightRequest.request(
        from: snapshot, category: .heart, period: .weekly, report: ReportTrends.of(snapshot))
      let heart = try #require(request.trends.first { $0.metric == "heart.restingHeartRate" })
      #expect(heart.lutealShift != nil)
      #expect(heart.assessment == .declining, "onset \(onset.iso): \(heart)")
    }
  }

  @Test func theFiguresStayThePersonsOwnAndTheNoteSaysWhatWasAllowedFor() throws {
    let days = steadyDays(seed: 5)
    var adjusted = 0
    for offset in stride(from: 0, to: 30, by: 3) {
      let asOf = lastDay.adding(days: 1 - offset)
      let with = InsightRequest.request(
        from: snapshot(days, asOf: asOf, records: true), category: .heart, period: .weekly)
      let without = InsightRequest.request(
        from: snapshot(days, asOf: asOf, records: false), category: .heart, period: .weekly)
      for trend in with.trends {
        let plain = try #require(without.trends.first { $0.metric == trend.metric })
        #expect(
          (trend.current, trend.baseline, trend.change) == (plain.current, plain.baseline, plain.change))
        #expect(plain.lutealShift == nil)
        guard let shift = trend.lutealShift else { continue }
        adjusted += 1
        // Resting heart rate rises in the luteal phase, HRV falls; both by the planted sizes.
        if trend.metric == "heart.restingHeartRate" { #expect((1...4).contains(shift)) }
        if trend.metric == "heart.hrv" { #expect(shift < 0) }
        // The claim never goes further than the figures show.
        #expect(trend.direction == .flat || trend.direction == plain.direction)
      }
      let insight = HeuristicProvider().write(with).withLutealNote(with)
      for assessment in insight.metrics where assessment.message.contains("luteal phase") {
        guard let shift = assessment.trend.lutealShift else {
          #expect(!assessment.message.contains("allows for"))
          continue
        }
        let metric = try #require(MetricCatalogue.metric(assessment.metric))
        #expect(
          assessment.message.hasSuffix(LutealNote.adjustment(shift: shift, metric: metric, units: .metric)),
          "\(assessment.message)")
      }
    }
    #expect(adjusted >= 10)
    let note = LutealNote.adjustment(
      shift: 2.44, metric: try #require(MetricCatalogue.metric("heart.restingHeartRate")), units: .metric)
    #expect(note.contains("luteal rise of 2.4 bpm"))
  }

  @Test func aCachedInsightDoesNotOutliveAChangeOfTheFlowRecords() throws {
    let folder = try TemporaryFolder()
    let database = try Database.openPanda(at: folder.file("panda.sqlite"))
    let exportLastDay = CalendarDay(ordinal: Int(SyntheticExport.defaultLastDay))
    var export = SyntheticExport(days: 120, seed: 2, offsetSeconds: 0, detail: .sparse)
    export.cycles = MenstrualCycles(seed: 9)
    let xml = folder.file("export.xml")
    try export.writeXML(to: xml)
    _ = try ExportImporter(database: database, context: DailyContext(zone: TimeZone(identifier: "UTC")!))
      .importExport(at: xml)
    let cache = InsightCache(database: database)
    let heart = InsightJob(category: .heart, period: .weekly)
    let activity = InsightJob(category: .activity, period: .weekly)
    let before = (
      try cache.inputs(for: heart, asOf: exportLastDay), try cache.inputs(for: activity, asOf: exportLastDay)
    )
    #expect(before.0.contains("|cycles="))
    #expect(!before.1.contains("|cycles="))
    // The last cycle's flow records go: the phases of the heart's days change, its steps' do not.
    let flow = try #require(
      try database.firstRow(
        "SELECT max(s.start) AS start FROM samples s JOIN sample_types t ON t.id = s.type_id WHERE t.identifier = ?",
        [.text(CategoryRecords.flowType)]
      )?.integer("start"))
    try database.execute(
      "DELETE FROM samples WHERE start = ? AND type_id = (SELECT id FROM sample_types WHERE identifier = ?)",
      [.integer(flow), .text(CategoryRecords.flowType)])
    #expect(try cache.inputs(for: heart, asOf: exportLastDay) != before.0)
    #expect(try cache.inputs(for: activity, asOf: exportLastDay) == before.1)
  }
}
