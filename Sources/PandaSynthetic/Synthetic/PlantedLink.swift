/// A link planted in synthetic daily values: the effect moves by `slope` (effect units per
/// cause unit) with the cause's day-to-day variation `lagDays` days earlier.
package struct PlantedLink: Sendable, Equatable {
  var cause: String
  var effect: String
  var lagDays: Int
  var slope: Double

  package init(cause: String, effect: String, lagDays: Int, slope: Double) {
    self.cause = cause
    self.effect = effect
    self.lagDays = lagDays
    self.slope = slope
  }
}
