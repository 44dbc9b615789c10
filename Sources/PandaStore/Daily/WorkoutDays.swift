import Foundation
import PandaCore

/// Turns stored workouts into daily totals by activity type: a pure function of the workouts
/// and the time zone.
///
/// A workout belongs wholly to the local day it starts on (a run from 23:30 to 00:20 is the
/// first day's). Two sources often record one session (the watch and a running app that also
/// writes to Health): workouts that overlap for at least half of the shorter one are one
/// session, and the one from the preferred source (see `SourcePriority`) is kept, so a walk
/// recorded twice counts once.
package enum WorkoutDays {
  /// A stored workout as the daily totals see it.
  package struct Entry: Sendable, Equatable {
    package var activityType: String
    package var start: Int64
    var end: Int64
    package var minutes: Double
    package var distance: Double?
    package var energy: Double?
    /// Lower is preferred when workouts overlap.
    var rank: Int
    /// The app or device that recorded it, for listings.
    package var source = ""
    /// The source's and device's ids (-1 for none), for an explanation.
    var sourceID: Int64 = 0
    var device: Int64 = -1

    /// Creates a value from its stored properties.
    init(
      activityType: String, start: Int64, end: Int64, minutes: Double, distance: Double? = nil, energy: Double? = nil,
      rank: Int, source: String = "", sourceID: Int64 = 0, device: Int64 = -1
    ) {
      self.activityType = activityType
      self.start = start
      self.end = end
      self.minutes = minutes
      self.distance = distance
      self.energy = energy
      self.rank = rank
      self.source = source
      self.sourceID = sourceID
      self.device = device
    }
  }

  /// The totals per day and activity type, ordered by day then type.
  static func totals(_ workouts: [Entry], zone: TimeZone) -> [WorkoutDayTotal] {
    var totals: [String: WorkoutDayTotal] = [:]
    for workout in sessions(workouts) {
      let day = LocalDay.day(of: workout.start, in: zone)
      let key = day.iso + "\u{1F}" + workout.activityType
      var total =
        totals[key]
        ?? WorkoutDayTotal(
          day: day, activityType: workout.activityType, workouts: 0, minutes: 0, distance: 0, energy: 0)
      total.workouts += 1
      total.minutes += workout.minutes
      total.distance += workout.distance ?? 0
      total.energy += workout.energy ?? 0
      totals[key] = total
    }
    return totals.values.sorted { ($0.day, $0.activityType) < ($1.day, $1.activityType) }
  }

  /// The workouts with repeats of one session (overlapping for at least half of the shorter
  /// one) reduced to the preferred one, in start order.
  static func sessions(_ workouts: [Entry]) -> [Entry] {
    var kept: [Entry] = []
    for workout in workouts.sorted(by: { ($0.start, $0.rank) < ($1.start, $1.rank) }) {
      // Kept workouts are in start order; only the last few can reach this one.
      if let index = kept.lastIndex(where: { isSameSession($0, workout) }) {
        if prefers(workout, over: kept[index]) { kept[index] = workout }
      } else {
        kept.append(workout)
      }
    }
    return kept.sorted { $0.start < $1.start }
  }

  /// Whether two workouts are one session: they overlap for at least half of the shorter one.
  static func isSameSession(_ a: Entry, _ b: Entry) -> Bool {
    let overlap = min(a.end, b.end) - max(a.start, b.start)
    let shorter = min(a.end - a.start, b.end - b.start)
    return overlap > 0 && Double(overlap) >= Double(shorter) / 2
  }

  private static func prefers(_ a: Entry, over b: Entry) -> Bool {
    a.rank != b.rank ? a.rank < b.rank : a.minutes > b.minutes
  }
}
