extension DailyValueStore {
  /// The explanation of `metric` on `day`: the samples the daily computation reads for that
  /// day, in the same way and with the same ranks (see `perform`), run through it once more.
  func explain(_ metric: Metric, on day: CalendarDay) throws -> DailyExplanation {
    if case .workouts(let measure) = metric.aggregation {
      return DailyExplanation.workouts(measure, entries: try workoutEntries(), day: day, zone: context.zone)
    }
    let grid = DayGrid(from: day, through: day, zone: context.zone)
    let typeIDs = try self.typeIDs(for: metric)
    let samples =
      typeIDs.isEmpty ? [] : try self.samples(typeIDs, from: grid.start(0) - 2 * 86_400, to: grid.start(grid.count))
    // As `perform` prepares them: a day's total written as one instant is the whole day.
    let prepared = metric.aggregation == .sum ? DailyAggregator.wholeDayTotals(samples, grid: grid) : samples
    return DailyExplanation.explain(metric, samples: prepared, grid: grid)
  }
}
