/// A link planted in synthetic daily values: the effect moves by `slope` (effect units per
/// cause unit) with the cause's day-to-day variation `lagDays` days earlier.
public struct PlantedLink: Sendable, Equatable {
  public var cause: String
  public var effect: String
  public var lagDays: Int
  public var slope: Double

  public init(cause: String, effect: String, lagDays: Int, slope: Double) {
    self.cause = cause
    self.effect = effect
    self.lagDays = lagDays
    self.slope = slope
  }
}
