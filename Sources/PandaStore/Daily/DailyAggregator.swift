import PandaCore

/// Turns one metric's samples into daily values: a pure function of samples, days and metric.
enum DailyAggregator {
  /// Daily values by day index of `grid`, for days with data. `samples` are sorted by start and
  /// already scaled to the metric's unit.
  static func values(for metric: Metric, samples: [DailySample], grid: DayGrid) -> [Int: Double] {
    switch metric.aggregation {
    case .sum:
      return PriorityMerge.dailyTotals(samples, grid: grid)
    case .mean:
      var sums: [Int: (total: Double, count: Int)] = [:]
      for sample in samples {
        guard let value = sample.value, let day = grid.index(of: sample.start) else { continue }
        sums[day, default: (0, 0)].total += value
        sums[day, default: (0, 0)].count += 1
      }
      return sums.mapValues { $0.total / Double($0.count) }
    case .latest:
      var latest: [Int: (start: Int64, value: Double)] = [:]
      for sample in samples {
        guard let value = sample.value, let day = grid.index(of: sample.start) else { continue }
        if let current = latest[day], current.start > sample.start { continue }
        latest[day] = (sample.start, value)
      }
      return latest.mapValues(\.value)
    case .duration:
      var values: [Int: Double] = [:]
      for day in 0..<grid.count {
        let window = grid.start(day)..<grid.start(day + 1)
        let seconds = Intervals.unionLength(
          samples.lazy.filter { $0.start < window.upperBound && $0.end > window.lowerBound }.map { ($0.start, $0.end) },
          within: window)
        if seconds > 0 { values[day] = Double(seconds) / 60 }
      }
      return values
    case .hoursWith(let category):
      var hours: [Int: Set<Int64>] = [:]
      for sample in samples where sample.category == category {
        guard let day = grid.index(of: sample.start) else { continue }
        hours[day, default: []].insert((sample.start - grid.start(day)) / 3_600)
      }
      return hours.mapValues { Double($0.count) }
    case .sleep(let measure):
      return nights(samples: samples, grid: grid).compactMapValues { $0.value(measure) }
    case .workouts, .nightlyDeviation:
      // Formed whole, not by chunks of days (`DailyValueStore.fillFromWorkouts`, `fillDeviations`).
      return [:]
    }
  }

  /// `samples` with each day's total made a whole day: Garmin Connect and other apps write a
  /// cumulative quantity as one sample a day holding the day's total, an instant in the day's
  /// last minute (23:59:59). Such a sample stands for the whole day, so it is spread from the
  /// day's start: the day is not partly recorded, and where another source counted the same
  /// day the priority merge picks one of them instead of adding both.
  static func wholeDayTotals(_ samples: [DailySample], grid: DayGrid) -> [DailySample] {
    var moved = false
    let spread = samples.map { sample in
      guard sample.end <= sample.start + 1, let day = grid.index(of: sample.start),
        grid.start(day + 1) - sample.start <= dayTotalWindow
      else { return sample }
      var whole = sample
      whole.start = grid.start(day)
      whole.end = max(sample.end, sample.start + 1)
      moved = true
      return whole
    }
    // Still sorted by start, as the aggregations expect.
    return moved ? spread.sorted { $0.start < $1.start } : spread
  }

  /// How close to the end of its day an instant must be to hold the day's total, in seconds.
  static let dayTotalWindow: Int64 = 60

  /// Days of `grid` that the metric's sources recorded for less than `partialShare` of the
  /// day: from the day's first sample to its last (clipped to the day). Only metrics recorded
  /// all day can be partial; a reading (weight), a session (mindfulness) or a night is whole.
  static func partialDays(for metric: Metric, samples: [DailySample], grid: DayGrid) -> Set<Int> {
    guard metric.isRecordedAllDay else { return [] }
    var partial = Set<Int>()
    for (day, span) in recordedSpans(for: metric, samples: samples, grid: grid) {
      let length = Double(grid.start(day + 1) - grid.start(day))
      if Double(span.last - span.first) < length * partialShare { partial.insert(day) }
    }
    return partial
  }

  /// For each day of `grid` with samples, the span from its first sample to its last (clipped
  /// to the day): how much of the day the sources were recording. Zeros of a cumulative
  /// quantity are placeholders and record nothing.
  static func recordedSpans(for metric: Metric, samples: [DailySample], grid: DayGrid) -> [Int: (
    first: Int64, last: Int64
  )] {
    guard grid.count > 0 else { return [:] }
    var spans = [(first: Int64, last: Int64)?](repeating: nil, count: grid.count)
    let gridStart = grid.start(0)
    let gridEnd = grid.start(grid.count)
    for sample in samples {
      // Zeros are placeholders for cumulative quantities (see `PriorityMerge`).
      if metric.aggregation == .sum && (sample.value ?? 0) == 0 { continue }
      let end = max(sample.end, sample.start)
      guard end >= gridStart, sample.start < gridEnd, let firstDay = grid.index(of: max(sample.start, gridStart))
      else { continue }
      for day in firstDay..<grid.count {
        let from = max(sample.start, grid.start(day))
        let through = min(end, grid.start(day + 1))
        let span = spans[day] ?? (from, through)
        spans[day] = (min(span.first, from), max(span.last, through))
        if end <= grid.start(day + 1) { break }
      }
    }
    var byDay: [Int: (first: Int64, last: Int64)] = [:]
    for (day, span) in spans.enumerated() {
      if let span { byDay[day] = span }
    }
    return byDay
  }

  /// The share of a day that the samples of a metric recorded all day must span for the day to be
  /// whole: a third, eight hours on an ordinary day.
  static let partialShare = 1.0 / 3

  /// Each day's night: from local noon the day before to local noon that day, so that nights
  /// across a change of the clocks (23 or 25 hours long) neither overlap nor leave a gap.
  static func nights(samples: [DailySample], grid: DayGrid) -> [Int: SleepNight] {
    guard grid.count > 0 else { return [:] }
    // noons[i] is noon of the day before grid day i: night i runs from noons[i] to noons[i + 1].
    let noons = (0...grid.count).map { LocalDay.noon(of: grid.day($0 - 1), in: grid.zone) }
    func night(of instant: Int64) -> Int {
      var low = 0
      var high = grid.count
      while high - low > 1 {
        let middle = (low + high) / 2
        if noons[middle] <= instant { low = middle } else { high = middle }
      }
      return low
    }
    var byNight: [Int: [DailySample]] = [:]
    for sample in samples {
      let through = max(sample.end - 1, sample.start)
      guard through >= noons[0], sample.start < noons[grid.count] else { continue }
      for day in night(of: max(sample.start, noons[0]))...night(of: min(through, noons[grid.count] - 1)) {
        byNight[day, default: []].append(sample)
      }
    }
    var nights: [Int: SleepNight] = [:]
    for (day, samples) in byNight {
      nights[day] = SleepNight.recorded(samples: samples, window: noons[day]..<noons[day + 1])
    }
    return nights
  }
}
