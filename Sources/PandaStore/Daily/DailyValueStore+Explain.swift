import PandaCore

extension DailyValueStore {
  /// The metric's stored value for `day`, `nil` when it has none.
  package func storedDay(_ metric: Metric, on day: CalendarDay) throws -> StoredDay? {
    guard
      let row = try database.firstRow(
        "SELECT value, partial, filled FROM daily_values WHERE metric = ? AND day = ?",
        [.text(metric.id), .text(day.iso)]),
      let value = row.real("value")
    else { return nil }
    return StoredDay(
      value: value, isPartial: row.integer("partial") == 1,
      fill: StoredDay.Fill(rawValue: row.integer("filled") ?? 0) ?? .samples)
  }

  /// The explanation of `metric` on `day`: the samples the daily computation reads for that
  /// day, in the same way and with the same ranks (see `perform`), run through it once more.
  package func explain(_ metric: Metric, on day: CalendarDay) throws -> DailyExplanation {
    if case .workouts(let measure) = metric.aggregation {
      return DailyExplanation.workouts(measure, entries: try workoutEntries(), day: day, zone: context.zone)
    }
    let grid = DayGrid(from: day, through: day, zone: context.zone)
    let typeIDs = try self.typeIDs(for: metric)
    let samples =
      typeIDs.isEmpty ? [] : try self.samples(typeIDs, from: grid.start(0) - 2 * 86_400, to: grid.start(grid.count))
    // As `perform` prepares them: a day's total written as one instant is the whole day.
    let prepared = metric.aggregation == .sum ? DailyAggregator.wholeDayTotals(samples, grid: grid) : samples
    let explanation = DailyExplanation.explain(metric, samples: prepared, grid: grid)
    // As `perform` does: where Health Auto Export sent the day, its figure is the day's value.
    let buckets = try pushedSamples(for: metric, from: grid.start(0) - 2 * 86_400, to: grid.start(grid.count))
    let nights = try pushedNights(for: metric, grid: grid)
    var values: [Int: Double] = [:]
    var partial = Set<Int>()
    Self.preferPushed(metric: metric, pushed: buckets, nights: nights, grid: grid, values: &values, partial: &partial)
    guard let value = values[0] else {
      // As `compute` does: a day without a recorded resting heart rate has one derived.
      if explanation.value == nil, !Self.derivedFrom(metric).isEmpty,
        let inputs = try restingInputs(grid: grid, recorded: [], forExplaining: true)
      {
        return DailyExplanation.derived(inputs, grid: grid)
      }
      return explanation
    }
    let night = try nights[0] != nil ? pushedNightSpan(endingIn: grid) : nil
    return DailyExplanation.pushed(
      metric, buckets: buckets, night: night, value: value, isPartial: partial.contains(0), export: explanation,
      grid: grid)
  }

  /// When the summarised night ending on the grid's day began and ended.
  private func pushedNightSpan(endingIn grid: DayGrid) throws -> (start: Int64, end: Int64)? {
    guard
      let row = try database.firstRow(
        "SELECT sleep_start, sleep_end FROM pushed_nights WHERE sleep_end >= ? AND sleep_end < ? ORDER BY sleep_end DESC",
        [.integer(grid.start(0)), .integer(grid.start(1))]),
      let end = row.integer("sleep_end")
    else { return nil }
    return (row.integer("sleep_start") ?? end, end)
  }
}
