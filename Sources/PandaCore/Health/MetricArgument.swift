/// A metric named on the command line (`panda stats METRIC`, `--metric METRIC`): a catalogue id,
/// or a short name people type (`steps`, `sleep`, `hrv`, `resting-heart-rate`, `weight`).
package enum MetricArgument {
  /// Short names that are neither an id's last part nor a metric's name.
  private static let aliases: [String: String] = [
    "sleep": "sleep.asleep", "hr": "heart.heartRate", "pulse": "heart.heartRate",
    "rhr": "heart.restingHeartRate", "resting": "heart.restingHeartRate", "vo2": "heart.vo2Max",
    "spo2": "respiratory.oxygenSaturation", "oxygen": "respiratory.oxygenSaturation",
    "systolic": "heart.bloodPressureSystolic",
    "diastolic": "heart.bloodPressureDiastolic", "mass": "body.bodyMass", "fat": "body.bodyFat",
    "temperature": "body.wristTemperature", "glucose": "body.bloodGlucose", "calories": "nutrition.dietaryEnergy",
    "mindfulness": "mindfulness.mindfulMinutes", "meditation": "mindfulness.mindfulMinutes",
    "mindful": "mindfulness.mindfulMinutes", "food": "nutrition.dietaryEnergy", "kcal": "nutrition.dietaryEnergy",
    "flights": "activity.flightsClimbed", "stand": "activity.standHours", "exercise": "activity.exerciseMinutes",
  ]

  /// Short names of more than one metric, as `panda log` takes them: the command asks which is meant.
  private static let shared: [String: [String]] = [
    "bp": ["heart.bloodPressureSystolic", "heart.bloodPressureDiastolic"],
    "bloodpressure": ["heart.bloodPressureSystolic", "heart.bloodPressureDiastolic"],
    "pressure": ["heart.bloodPressureSystolic", "heart.bloodPressureDiastolic"],
  ]

  /// The metric of a command that takes one METRIC and nothing else among its arguments.
  package static func only(_ arguments: Arguments) throws(UsageError) -> Metric {
    guard let text = arguments.positionals.first else {
      throw .missingArgument("the METRIC (e.g. activity.steps)")
    }
    if arguments.positionals.count > 1 { throw .unexpectedArgument(arguments.positionals[1]) }
    return try metric(text)
  }

  /// The catalogue metric `text` names: its id, or a short name that fits one metric only; else a
  /// usage error naming the metrics it could mean, or the nearest ids.
  package static func metric(_ text: String) throws(UsageError) -> Metric {
    if let metric = MetricCatalogue.metric(text) { return metric }
    let key = normalized(text)
    let matches = MetricCatalogue.all.filter { names(of: $0).contains(key) }
    if matches.count == 1 { return matches[0] }
    if matches.count > 1 { throw .ambiguousMetric(text, candidates: matches.map(\.id)) }
    throw .unknownMetric(text, suggestions: nearest(to: key))
  }

  /// The ids of the metrics whose names or short names come nearest to `text` as typed
  /// (`step` gives activity.steps and mobility.stepLength, `heart_rates` heart.heartRate).
  package static func nearest(toName text: String) -> [String] {
    nearest(to: normalized(text))
  }

  /// The ids of the metrics whose names come nearest to `key`, or whose names contain it.
  package static func nearest(to key: String) -> [String] {
    guard !key.isEmpty else { return [] }
    let containing = MetricCatalogue.all.filter { metric in names(of: metric).contains { $0.contains(key) } }
    if !containing.isEmpty { return containing.prefix(4).map(\.id) }
    let limit = max(1, key.count / 3)
    let scored = MetricCatalogue.all.map { metric in
      (metric.id, names(of: metric).map { Suggestion.distance(key, $0) }.min() ?? .max)
    }
    guard let best = scored.map(\.1).min(), best <= limit else { return [] }
    return scored.filter { $0.1 == best }.prefix(3).map(\.0)
  }

  /// What a metric may be called, normalized: its id, its id's last part, its name, its aliases.
  private static func names(of metric: Metric) -> Set<String> {
    let tail = metric.id.split(separator: ".").last.map(String.init) ?? metric.id
    var names: Set<String> = [normalized(metric.id), normalized(tail), normalized(metric.name)]
    for (alias, id) in aliases where id == metric.id { names.insert(alias) }
    for (name, ids) in shared where ids.contains(metric.id) { names.insert(name) }
    return names
  }

  /// Lower case, letters and digits only: `resting-heart-rate` and `restingHeartRate` alike.
  private static func normalized(_ text: String) -> String {
    String(text.lowercased().filter { $0.isLetter || $0.isNumber })
  }
}
