import PandaCore

extension DailyValueReader {
  /// The daily series of the metrics `ids` (catalogue ids; others are skipped) from `first`
  /// through `last`, in the order given, read in one transaction.
  package func series(_ ids: [String], from first: CalendarDay, through last: CalendarDay) throws -> [MetricSeries] {
    try database.execute("BEGIN DEFERRED")
    defer { try? database.execute("COMMIT") }
    return try ids.compactMap { id -> MetricSeries? in
      guard let metric = MetricCatalogue.metric(id) else { return nil }
      let points = try points(metric: id, from: first, through: last)
      return MetricSeries(
        metric: metric, points: points, lastDay: points.last?.day, availability: points.isEmpty ? .never : .current,
        lastValue: points.last?.value)
    }
  }
}
