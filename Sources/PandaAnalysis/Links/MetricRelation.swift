/// A link between two metrics' day-to-day variation that survived the false-discovery bar: on
/// days when the cause was above its usual, the effect tended to be above (or below) its own.
/// Says what went together, never what caused what.
package struct MetricRelation: Sendable, Codable, Equatable {
  /// The metric that comes first (a night's sleep, a day's steps).
  package var cause: String
  /// The metric that follows it.
  package var effect: String
  /// The effect's day less the cause's day; a night belongs to the day one wakes up.
  package var lagDays: Int
  /// Paired days the link rests on.
  var days: Int
  /// The robust slope (`RelationSlope`: Theil–Sen, ties from whole-number values spread over
  /// their step), in effect units per cause unit: ms of HRV per hour of sleep.
  package var slope: Double
  /// The cause's unit, as the metric catalogue gives it.
  package var causeUnit: String
  /// The effect's unit.
  package var effectUnit: String
  /// The Benjamini–Hochberg q-value over every pair tested in the same search.
  package var qValue: Double
  /// "On days after you slept an hour more than usual, your HRV that day was about 6 ms higher
  /// (148 days)."
  package var sentence: String
  /// The paired days the link was tested on, oldest first: what a scatter plot of it shows. Not
  /// encoded: the JSON gives the link, not every day behind it.
  package var pairs: [RelationPair] = []
  /// For a tag or symptom (`cause` is `tag:NAME` or `symptom:NAME`): the days with it among
  /// `days`; `slope` is then how much the effect differed on the day after one (the
  /// Hodges–Lehmann shift), in the effect's unit.
  package var taggedDays: Int?

  private enum CodingKeys: String, CodingKey {
    case cause, effect, lagDays, days, slope, causeUnit, effectUnit, qValue, sentence, taggedDays
  }

  init(
    cause: String, effect: String, lagDays: Int, days: Int, slope: Double, causeUnit: String, effectUnit: String,
    qValue: Double, sentence: String, pairs: [RelationPair] = [], taggedDays: Int? = nil
  ) {
    self.cause = cause
    self.effect = effect
    self.lagDays = lagDays
    self.days = days
    self.slope = slope
    self.causeUnit = causeUnit
    self.effectUnit = effectUnit
    self.qValue = qValue
    self.sentence = sentence
    self.pairs = pairs
    self.taggedDays = taggedDays
  }
}
