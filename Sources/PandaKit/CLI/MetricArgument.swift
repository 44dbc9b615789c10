/// A metric named on the command line (`panda stats METRIC`, `--metric METRIC`): a catalogue id.
enum MetricArgument {
  /// The catalogue metric `id` names, else a usage error with the nearest id.
  static func metric(_ id: String) throws(UsageError) -> Metric {
    if let metric = MetricCatalogue.metric(id) { return metric }
    throw .unknownMetric(id, suggestion: Suggestion.nearest(to: id, among: MetricCatalogue.all.map(\.id)))
  }
}
