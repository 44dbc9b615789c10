import PandaCore

/// Resting heart rate derived from heart rate and steps, for the days on which no device wrote one
/// (most trackers other than the Apple Watch write heart rate and steps only).
///
/// The rule, after Mishra et al. (2020): a heart rate reading is taken at rest when no steps were
/// recorded in the 12 minutes before it and no workout was under way then (a step sample or a
/// workout blocks from its start until 12 minutes after its end). Readings in the same minute are
/// one minute's reading, their mean. A day with at least `minimumMinutes` resting minutes gets the
/// median of them; a day with fewer gets no value. A recorded resting heart rate always wins for
/// its day.
///
/// A pure function of samples and days, computed a chunk of days at a time with the other daily
/// values, so memory holds one chunk's readings.
package enum DerivedRestingHeartRate {
  /// The metric whose missing days are derived.
  static let metricID = "heart.restingHeartRate"
  /// The metric whose samples are the readings.
  static let heartRateID = "heart.heartRate"
  /// The metric whose samples show movement.
  static let stepsID = "activity.steps"

  /// How long steps or a workout keep the readings after them from counting as rest, in seconds.
  package static let quietSeconds: Int64 = 12 * 60

  /// Distinct resting minutes a day needs: an hour of minute-by-minute readings, or about five
  /// hours of rest at the Apple Watch's background rate of a reading every few minutes (a night
  /// asleep with the watch on gives that). Fewer are too few for a steady median.
  package static let minimumMinutes = 60

  /// What keeps a reading from counting as rest.
  package enum Blocker: Sendable, Equatable {
    /// Steps recorded from `start` to `end`.
    case steps(start: Int64, end: Int64, count: Double)
    /// A workout from `start` to `end`.
    case workout(start: Int64, end: Int64)

    /// When it starts blocking.
    var start: Int64 {
      switch self {
      case .steps(let start, _, _), .workout(let start, _): start
      }
    }

    /// When it stops blocking: `quietSeconds` after its end.
    var reach: Int64 {
      switch self {
      case .steps(_, let end, _), .workout(_, let end): end + DerivedRestingHeartRate.quietSeconds
      }
    }
  }

  /// What a chunk's derivation reads: the heart rate readings of the days to derive (sorted by
  /// start), and what moved from 12 minutes before the first of them on.
  struct Inputs: Sendable {
    /// The day indexes of the grid to derive: the days without a recorded value.
    var days: Set<Int>
    /// Heart rate readings, in bpm, sorted by start.
    var readings: [DailySample]
    /// Steps and workouts, sorted by start.
    var blockers: [Blocker]
  }

  /// One day's derivation.
  package struct Day: Sendable, Equatable {
    /// The median of the resting minutes; `nil` with fewer than `minimumMinutes`.
    package var value: Double?
    /// The distinct minutes with a resting reading.
    package var restingMinutes: Int

    /// Creates a value from its stored properties.
    init(value: Double? = nil, restingMinutes: Int) {
      self.value = value
      self.restingMinutes = restingMinutes
    }
  }

  /// For each reading of `readings` (sorted by start), what kept it from counting as rest, or
  /// `nil` where it counts: the blocker reaching furthest among those begun by then, when it
  /// still reaches past the reading. One pass over both, sorted by start.
  static func blockers(of readings: [DailySample], among blockers: [Blocker]) -> [Blocker?] {
    var result: [Blocker?] = []
    result.reserveCapacity(readings.count)
    var next = 0
    var furthest: Blocker?
    for reading in readings {
      while next < blockers.count && blockers[next].start <= reading.start {
        if furthest.map({ blockers[next].reach > $0.reach }) ?? true { furthest = blockers[next] }
        next += 1
      }
      if let furthest, furthest.reach > reading.start { result.append(furthest) } else { result.append(nil) }
    }
    return result
  }

  /// Each of `inputs.days` with a resting reading, derived from them.
  static func days(_ inputs: Inputs, grid: DayGrid) -> [Int: Day] {
    let blocked = blockers(of: inputs.readings, among: inputs.blockers)
    var minutes: [Int: [Double]] = [:]
    // Readings come sorted by start, so one minute's readings are together.
    var current: (day: Int, minute: Int64, total: Double, count: Int)?
    func close() {
      guard let current else { return }
      minutes[current.day, default: []].append(current.total / Double(current.count))
    }
    for (index, reading) in inputs.readings.enumerated() {
      guard blocked[index] == nil, let value = reading.value, let day = grid.index(of: reading.start),
        inputs.days.contains(day)
      else { continue }
      let minute = floorDivide(reading.start, 60)
      if let open = current, open.day == day, open.minute == minute {
        current?.total += value
        current?.count += 1
      } else {
        close()
        current = (day, minute, value, 1)
      }
    }
    close()
    return minutes.mapValues { values in
      Day(value: values.count >= minimumMinutes ? median(values) : nil, restingMinutes: values.count)
    }
  }

  /// The middle value; the mean of the two middle ones for an even count.
  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// The blockers from step samples with steps in them and workouts, sorted by start.
  static func blockers(steps: [DailySample], workouts: [(start: Int64, end: Int64)]) -> [Blocker] {
    var blockers: [Blocker] = []
    blockers.reserveCapacity(steps.count + workouts.count)
    for sample in steps {
      guard let count = sample.value, count > 0 else { continue }
      blockers.append(.steps(start: sample.start, end: max(sample.start, sample.end), count: count))
    }
    for workout in workouts { blockers.append(.workout(start: workout.start, end: max(workout.start, workout.end))) }
    blockers.sort { $0.start < $1.start }
    return blockers
  }

  /// The readings of `export` on the days `pushed` holds none of, with `pushed`: where Health
  /// Auto Export sent a day's heart rate, its buckets are that day's readings, as for every
  /// other metric. Sorted by start.
  static func readings(export: [DailySample], pushed: [DailySample], grid: DayGrid) -> [DailySample] {
    guard !pushed.isEmpty else { return export }
    let pushedDays = Set(pushed.compactMap { grid.index(of: $0.start) })
    var merged =
      pushed + export.filter { sample in grid.index(of: sample.start).map { !pushedDays.contains($0) } ?? true }
    merged.sort { $0.start < $1.start }
    return merged
  }

  private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
  }
}
