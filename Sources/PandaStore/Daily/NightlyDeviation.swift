import Foundation
import PandaCore

/// A nightly reading as a difference from the person's own baseline, as the Health app shows
/// wrist temperature: the absolute figure at the wrist says little, its change says more.
///
/// A night belongs to the local day it ends on (several readings of one night are averaged).
/// The baseline of a night is the mean of the nights of the `baselineDays` days before it, and
/// needs `baselineNights` of them: a night without enough history before it has no value.
enum NightlyDeviation {
  static let baselineDays = 30
  static let baselineNights = 5

  /// Each night's reading less its baseline, by day.
  static func values(readings: [(end: Int64, value: Double)], zone: TimeZone) -> [CalendarDay: Double] {
    var sums: [CalendarDay: (total: Double, count: Int)] = [:]
    for reading in readings {
      let day = LocalDay.day(of: reading.end, in: zone)
      sums[day, default: (0, 0)].total += reading.value
      sums[day, default: (0, 0)].count += 1
    }
    let nights = sums.mapValues { $0.total / Double($0.count) }.sorted { $0.key < $1.key }
    var values: [CalendarDay: Double] = [:]
    for (index, night) in nights.enumerated() {
      let earlier = nights[..<index].filter { $0.key >= night.key.adding(days: -baselineDays) }
      guard earlier.count >= baselineNights else { continue }
      values[night.key] = night.value - earlier.map(\.value).reduce(0, +) / Double(earlier.count)
    }
    return values
  }
}
