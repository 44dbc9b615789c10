import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

@Suite struct RelationFinderTests {
  private let lastDay = CalendarDay(iso: "2025-06-30")!

  private func search(_ days: SyntheticDays) -> RelationSearch {
    RelationFinder.find(in: days.series(), window: RelationFinder.defaultWindow(asOf: days.lastDay.adding(days: 1)))
  }

  @Test(arguments: [1, 2] as [UInt64])
  func aPlantedSameDayLinkIsFoundWithItsSignAndSize(seed: UInt64) throws {
    let days = SyntheticDays(
      days: 400, seed: seed, lastDay: lastDay,
      links: [PlantedLink(cause: "sleep.asleep", effect: "heart.hrv", lagDays: 0, slope: 6)])
    let found = search(days)
    let link = try #require(found.relations.first { $0.cause == "sleep.asleep" && $0.effect == "heart.hrv" })
    #expect(link.lagDays == 0)
    #expect(link.slope > 4 && link.slope < 8)
    #expect(link.qValue <= 0.05)
    #expect(link.causeUnit == "h" && link.effectUnit == "ms")
    #expect(link.sentence.contains("HRV that day was about"))
    #expect(link.sentence.contains("higher (\(link.days) days)"))
    #expect(!link.sentence.contains("caus"))
    // Only the planted link (and the ones it implies through the same cause) is reported.
    #expect(found.relations.allSatisfy { $0.cause == "sleep.asleep" || $0.effect == "heart.hrv" })
  }

  @Test(arguments: [nil, 0.3] as [Double?])
  func aPlantedLinkOnWholeNumberRestingHeartRateIsAlwaysFoundWithItsSize(sleepDeviation: Double?) throws {
    // Resting heart rate in whole bpm, as a watch writes it; with less varied sleep the link is
    // weak (a rank correlation about −0.3) and most pairs of days tie on their heart rate.
    var slopes: [Double] = []
    for seed in 1...6 as ClosedRange<UInt64> {
      var days = SyntheticDays(
        days: 400, seed: seed, lastDay: lastDay,
        links: [PlantedLink(cause: "sleep.asleep", effect: "heart.restingHeartRate", lagDays: 0, slope: -1.5)],
        wholeHeartRate: true)
      if let sleepDeviation {
        days.deviations = ["sleep.asleep": sleepDeviation, "heart.restingHeartRate": 1]
      }
      let series = days.series()
      let resting = try #require(series.first { $0.metric.id == "heart.restingHeartRate" })
      #expect(resting.points.allSatisfy { $0.value == $0.value.rounded() })
      let link = try #require(
        search(days).relations.first { $0.cause == "sleep.asleep" && $0.effect == "heart.restingHeartRate" })
      #expect(abs(link.slope + 1.5) < 1.5 * 0.25, "seed \(seed): \(link.slope) bpm per hour")
      #expect(link.sentence.contains("lower"))
      slopes.append(link.slope)
    }
    #expect(abs(try #require(RobustStatistics.median(slopes)) + 1.5) < 1.5 * 0.15)
  }

  @Test func aLinkCarriesThePairedDaysItWasTestedOnAndTheJSONLeavesThemOut() throws {
    let days = SyntheticDays(
      days: 400, seed: 1, lastDay: lastDay,
      links: [PlantedLink(cause: "activity.steps", effect: "sleep.asleep", lagDays: 1, slope: -0.0002)])
    let window = RelationFinder.defaultWindow(asOf: lastDay.adding(days: 1))
    let series = days.series()
    let link = try #require(
      RelationFinder.find(in: series, window: window).relations.first {
        $0.cause == "activity.steps" && $0.effect == "sleep.asleep"
      })
    #expect(link.pairs.count == link.days)
    // Every day in the window where both sides have a whole day, the effect's the next day, with
    // both deviations from their usual: the days and the figures the link was tested on.
    let steps = try #require(series.first { $0.metric.id == "activity.steps" })
    let sleep = try #require(series.first { $0.metric.id == "sleep.asleep" })
    let cause = DayToDayVariation.variation(of: steps.points, metric: steps.metric, days: window)
    let effect = DayToDayVariation.variation(of: sleep.points, metric: sleep.metric, days: window)
    var expected: [RelationPair] = []
    var day = window.first
    while day < window.last {
      if let x = cause.deviation(on: day), let y = effect.deviation(on: day.adding(days: 1)) {
        expected.append(RelationPair(day: day, cause: x, effect: y))
      }
      day = day.adding(days: 1)
    }
    #expect(link.pairs == expected)
    let partial = Set(steps.points.filter(\.isPartial).map(\.day))
    #expect(!partial.isEmpty && !link.pairs.contains { partial.contains($0.day) })
    #expect(RobustStatistics.theilSenSlope(link.pairs.map { ($0.cause, $0.effect) }) == link.slope)
    let json = String(decoding: try JSONEncoder().encode(link), as: UTF8.self)
    #expect(!json.contains("pairs") && json.contains("\"days\":\(link.days)"))
  }

  @Test func plantedNextDayLinksAreFoundAtTheirLagWithTheirSign() throws {
    let days = SyntheticDays(
      days: 400, seed: 5, lastDay: lastDay,
      links: [PlantedLink(cause: "activity.workoutMinutes", effect: "heart.restingHeartRate", lagDays: 1, slope: 0.05)])
    let found = search(days)
    let link = try #require(
      found.relations.first { $0.cause == "activity.workoutMinutes" && $0.effect == "heart.restingHeartRate" })
    #expect(link.lagDays == 1)
    #expect(link.slope > 0.03 && link.slope < 0.07)
    #expect(link.sentence.contains("the next day"))
    let lowering = SyntheticDays(
      days: 400, seed: 6, lastDay: lastDay,
      links: [PlantedLink(cause: "activity.steps", effect: "sleep.asleep", lagDays: 1, slope: -0.0002)])
    let negative = try #require(
      search(lowering).relations.first { $0.cause == "activity.steps" && $0.effect == "sleep.asleep" })
    #expect(negative.slope < 0)
    #expect(negative.lagDays == 1)
    #expect(negative.sentence.contains("that night was about"))
    #expect(negative.sentence.contains("shorter"))
  }

  @Test(arguments: [11, 12, 13] as [UInt64])
  func oppositeSlowTrendsNeverMakeALink(seed: UInt64) {
    // Sleep getting shorter while HRV and resting heart rate drift: raw values correlate strongly.
    let days = SyntheticDays(
      days: 400, seed: seed, lastDay: lastDay,
      drifts: ["sleep.asleep": -2, "heart.hrv": 25, "heart.restingHeartRate": -6, "activity.steps": 5_000])
    let series = days.series()
    let asleep = series.first { $0.metric.id == "sleep.asleep" }!
    let hrv = series.first { $0.metric.id == "heart.hrv" }!
    let paired = asleep.points.compactMap { point in hrv.value(on: point.day).map { (point.value, $0) } }
    #expect((RankCorrelation.spearman(paired.map(\.0), paired.map(\.1)) ?? 0) < -0.3)
    let found = search(days)
    #expect(found.tested > 20)
    let drifting: Set = ["sleep.asleep", "heart.hrv", "heart.restingHeartRate", "activity.steps"]
    #expect(!found.relations.contains { drifting.contains($0.cause) && drifting.contains($0.effect) })
    #expect(found.relations.count <= 1)
  }

  @Test func aPlantedLinkAgainstOppositeTrendsKeepsItsOwnSign() throws {
    let days = SyntheticDays(
      days: 400, seed: 21, lastDay: lastDay,
      links: [PlantedLink(cause: "sleep.asleep", effect: "heart.hrv", lagDays: 0, slope: 6)],
      drifts: ["sleep.asleep": -2, "heart.hrv": 25])
    let link = try #require(search(days).relations.first { $0.cause == "sleep.asleep" && $0.effect == "heart.hrv" })
    #expect(link.slope > 4 && link.slope < 8)
  }

  @Test func randomMetricsMakeNoLinkBeyondTheFalseDiscoveryRate() {
    // Ten histories with nothing planted: at a 5 % false-discovery rate about one in twenty
    // shows a chance link (here two of ten, where three or more would be a 2 % event); none
    // shows the same one twice.
    var links: [String] = []
    for seed in 30..<40 as Range<UInt64> {
      links += search(SyntheticDays(days: 400, seed: seed, lastDay: lastDay)).relations.map {
        "\($0.cause) → \($0.effect)"
      }
    }
    #expect(links.count <= 2)
    #expect(Set(links).count == links.count)
  }

  @Test func oneExtremeDayCannotMakeALink() {
    // Random metrics, and one day with a 60,000-step hike followed by a very long night.
    let days = SyntheticDays(days: 120, seed: 40, lastDay: lastDay)
    let hike = lastDay.adding(days: -50)
    let series = days.series().map { series -> MetricSeries in
      let points = series.points.map { point -> DailyPoint in
        var point = point
        if series.metric.id == "activity.steps" && point.day == hike { point.value = 60_000 }
        if series.metric.id == "sleep.asleep" && point.day == hike.adding(days: 1) { point.value = 12 }
        return point
      }
      return MetricSeries(metric: series.metric, points: points, lastDay: series.lastDay, availability: .current)
    }
    let found = RelationFinder.find(in: series, window: RelationFinder.defaultWindow(asOf: lastDay.adding(days: 1)))
    #expect(!found.relations.contains { $0.cause == "activity.steps" && $0.effect == "sleep.asleep" })
  }

  @Test func partlyRecordedDaysAreLeftOut() {
    // Every partly recorded day has low steps and, planted, a short night after it: only those days link them.
    let days = SyntheticDays(days: 300, seed: 41, lastDay: lastDay, partialDays: 0.2)
    let series = days.series()
    let partial = Set(series.first { $0.metric.id == "activity.steps" }!.points.filter(\.isPartial).map(\.day))
    #expect(partial.count > 30)
    let planted = series.map { series -> MetricSeries in
      guard series.metric.id == "sleep.asleep" else { return series }
      let points = series.points.map { point -> DailyPoint in
        var point = point
        if partial.contains(point.day.adding(days: -1)) { point.value -= 1.5 }
        return point
      }
      return MetricSeries(metric: series.metric, points: points, lastDay: series.lastDay, availability: .current)
    }
    let found = RelationFinder.find(in: planted, window: RelationFinder.defaultWindow(asOf: lastDay.adding(days: 1)))
    #expect(!found.relations.contains { $0.cause == "activity.steps" })
  }

  @Test func tooFewDaysSaysHowManyMoreArePaired() {
    let found = search(SyntheticDays(days: 20, seed: 2, lastDay: lastDay, missingNights: 0))
    #expect(found.tested == 0)
    #expect(found.relations.isEmpty)
    // 20 days of sleep and HRV: 8 more paired days reach 28.
    #expect(found.daysNeeded == 8)
    #expect(RelationFinder.find(in: [], window: RelationFinder.defaultWindow(asOf: lastDay)).daysNeeded == nil)
  }

  @Test func qValuesFollowBenjaminiHochberg() {
    // p = 0.01, 0.04, 0.03, 0.5 → sorted 0.01, 0.03, 0.04, 0.5 → 0.04, 0.0533, 0.0533, 0.5.
    let q = FalseClaimControl.qValues(for: [0.01, 0.04, 0.03, 0.5])
    #expect(abs(q[0] - 0.04) < 1e-12)
    #expect(abs(q[1] - 0.16 / 3) < 1e-12)
    #expect(abs(q[2] - 0.16 / 3) < 1e-12)
    #expect(abs(q[3] - 0.5) < 1e-12)
    // A comparison is a claim by its q-value exactly when it passes the bar.
    let pValues = [0.001, 0.008, 0.012, 0.03, 0.2, 0.04, 0.9]
    let bar = FalseClaimControl.bar(for: pValues)
    for (p, q) in zip(pValues, FalseClaimControl.qValues(for: pValues)) { #expect((p <= bar) == (q <= 0.05)) }
  }

  @Test func rankCorrelationHandlesTies() {
    #expect(RankCorrelation.ranks([3, 1, 3, 2]) == [3.5, 1, 3.5, 2])
    #expect(RankCorrelation.spearman([1, 2, 3, 4], [10, 20, 30, 1_000]) == 1)
    #expect(RankCorrelation.spearman([1, 1, 1], [1, 2, 3]) == nil)
  }
}
