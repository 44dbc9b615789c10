import Foundation
import Testing

@testable import PandaCore
@testable import PandaStore
@testable import PandaTestSupport

/// The explanation of a day is formed by the daily computation itself: its counted parts add up
/// to the day's value, and what was not counted says why.
@Suite struct DailyExplanationTests {
  static let utc = TimeZone(identifier: "UTC")!
  static let day = CalendarDay(iso: "2024-05-01")!
  static let grid = DayGrid(from: day, through: day, zone: utc)
  static let midnight = grid.start(0)

  static func sample(
    _ from: Int64, _ to: Int64, _ value: Double?, rank: Int, source: Int64, device: Int64 = -1,
    category: String? = nil
  ) -> DailySample {
    DailySample(
      start: midnight + from, end: midnight + to, value: value, category: category, rank: rank, source: source,
      device: device)
  }

  static let steps = MetricCatalogue.metric("activity.steps")!

  @Test func theWatchWinsWhereBothCountedAndThePhoneKeepsTheHourTheWatchMissed() throws {
    let samples = [
      Self.sample(-600, 1_200, 300, rank: 0, source: 1, device: 1),  // the watch, from 23:50 the day before
      Self.sample(36_000, 37_800, 1_000, rank: 0, source: 1, device: 1),  // the watch, 10:00–10:30
      Self.sample(36_300, 38_100, 900, rank: 1, source: 2, device: 2),  // the phone, 10:05–10:35
      Self.sample(50_400, 54_000, 600, rank: 1, source: 2, device: 2),  // the phone alone, 14:00–15:00
      Self.sample(60_000, 60_600, 0, rank: 1, source: 3),  // a placeholder zero
    ]
    let explanation = DailyExplanation.explain(Self.steps, samples: samples, grid: Self.grid)
    let value = try #require(explanation.value)
    #expect(value == PriorityMerge.dailyTotals(samples, grid: Self.grid)[0])
    let counted = explanation.entries.compactMap(\.counted).reduce(0, +)
    #expect(abs(counted - value) < 1e-9)
    // 200 of the watch's early walk (20 of 30 min), its 1,000, 5 min of the phone after the
    // watch stopped (900 / 30 × 5) and the phone's lone hour.
    #expect(abs(value - (200 + 1_000 + 150 + 600)) < 1e-9)

    let early = try #require(explanation.entries.first { $0.sample.start == Self.midnight - 600 })
    #expect(early.reasons == [.outsideDay(seconds: 600)])
    let phone = try #require(explanation.entries.first { $0.sample.start == Self.midnight + 36_300 })
    #expect(abs((phone.counted ?? 0) - 150) < 1e-9)
    #expect(phone.reasons == [.higherPriority(source: 1, device: 1, seconds: 1_500)])
    let zero = try #require(explanation.entries.first { $0.sample.value == 0 })
    #expect(zero.counted == 0)
    #expect(zero.reasons == [.placeholderZero])
    let lone = try #require(explanation.entries.first { $0.sample.start == Self.midnight + 50_400 })
    #expect(lone.reasons.isEmpty)
  }

  @Test func aSourceTrustedAsMuchIsADuplicate() throws {
    let samples = [
      Self.sample(36_000, 39_600, 500, rank: 2, source: 5),
      Self.sample(36_000, 39_600, 500, rank: 2, source: 6),
    ]
    let explanation = DailyExplanation.explain(Self.steps, samples: samples, grid: Self.grid)
    #expect(explanation.value == 500)
    let second = try #require(explanation.entries.first { $0.sample.source == 6 })
    #expect(second.counted == 0)
    #expect(second.reasons == [.duplicate(source: 5, device: -1, seconds: 3_600)])
  }

  @Test func aNightCountsOverlappingSourcesOnceAndListsTheirIntervals() throws {
    let asleep = MetricCatalogue.metric("sleep.asleep")!
    let core = "HKCategoryValueSleepAnalysisAsleepCore"
    // The night before the day: 23:00–06:00 from the watch, 22:30–01:00 from a sleep app.
    let samples = [
      Self.sample(-3_600, 21_600, nil, rank: 0, source: 1, category: core),
      Self.sample(-5_400, 3_600, nil, rank: 2, source: 7, category: "HKCategoryValueSleepAnalysisAsleep"),
      Self.sample(-7_200, 25_200, nil, rank: 1, source: 2, category: SleepNight.inBedValue),
    ]
    let explanation = DailyExplanation.explain(asleep, samples: samples, grid: Self.grid)
    #expect(explanation.value == 7.5)
    let counted = explanation.entries.compactMap(\.counted).reduce(0, +)
    #expect(abs(counted - 7.5) < 1e-9)
    let inBed = try #require(explanation.entries.first { $0.sample.category == SleepNight.inBedValue })
    #expect(inBed.reasons == [.otherKind])
    let night = try #require(explanation.night)
    #expect(night.union == [(Self.midnight - 5_400)..<(Self.midnight + 21_600)])
    #expect(night.bySource.map(\.source) == [1, 7])
    #expect(explanation.window == (Self.midnight - 43_200)..<(Self.midnight + 43_200))
  }

  @Test func aWorkoutRecordedTwiceCountsOnceFromTheSourceTrustedMore() throws {
    func workout(_ from: Int64, _ to: Int64, rank: Int, source: Int64) -> WorkoutDays.Entry {
      WorkoutDays.Entry(
        activityType: "HKWorkoutActivityTypeWalking", start: Self.midnight + from, end: Self.midnight + to,
        minutes: Double(to - from) / 60, distance: 3, energy: 150, rank: rank, sourceID: source, device: -1)
    }
    let entries = [
      workout(36_000, 39_600, rank: 2, source: 9),  // a running app, 10:00–11:00
      workout(36_060, 39_540, rank: 0, source: 1),  // the watch, the same walk
      workout(64_800, 66_600, rank: 0, source: 1),  // the watch, 18:00–18:30
      workout(-3_600, -1_800, rank: 0, source: 1),  // the day before
    ]
    let explanation = DailyExplanation.workouts(.minutes, entries: entries, day: Self.day, zone: Self.utc)
    #expect(explanation.entries.count == 3)
    #expect(explanation.value == 88.0)
    let app = try #require(explanation.entries.first { $0.sample.source == 9 })
    #expect(app.counted == 0)
    #expect(app.reasons == [.sameSession(source: 1, device: -1)])
    #expect(explanation.entries.compactMap(\.counted).reduce(0, +) == 88)
    // The daily totals count the same.
    let totals = WorkoutDays.totals(entries, zone: Self.utc).filter { $0.day == Self.day }
    #expect(totals.map(\.minutes).reduce(0, +) == 88)
  }

  @Test func theUnionTellsWhatEachIntervalAdded() {
    let union = Intervals.union([(10, 20), (0, 15), (30, 40), (35, 38)], within: 0..<100)
    #expect(union.pieces == [0..<20, 30..<40])
    #expect(union.added == [5, 15, 10, 0])
    #expect(Intervals.unionLength([(10, 20), (0, 15), (30, 40), (35, 38)], within: 0..<100) == 30)
  }
}
