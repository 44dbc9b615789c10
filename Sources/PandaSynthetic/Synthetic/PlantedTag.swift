/// A tag planted in synthetic daily values: logged on a share of days, each chosen at random,
/// and moving the effects of the day after by fixed amounts (none for a tag that goes with
/// nothing). A night belongs to the day one wakes up, so an evening's alcohol moves the next
/// day's sleep, HRV and resting heart rate.
package struct PlantedTag: Sendable, Equatable {
  /// The tag's name (`alcohol`).
  package var name: String
  /// The share of days it is logged on.
  package var share: Double
  /// What it adds to each effect on the day after, in the metric's unit (`heart.hrv`: −9 ms).
  package var effects: [String: Double]

  package init(name: String, share: Double, effects: [String: Double] = [:]) {
    self.name = name
    self.share = share
    self.effects = effects
  }

  /// The indices (0 for the first day) of the days among `count` the tag is logged on, drawn
  /// from `seed` and the tag's `place` among the planted tags, apart from every other draw.
  func dayIndices(count: Int, seed: UInt64, place: Int) -> [Int] {
    var random = SeededGenerator(seed: seed &* 48_271 &+ UInt64(place + 1) &* 104_729)
    return (0..<count).filter { _ in Double.random(in: 0..<1, using: &random) < share }
  }

  /// The example of docs/tags.md: alcohol on a quarter of evenings, next-day HRV 9 ms lower, resting
  /// heart rate 3 bpm higher, deep sleep 15 minutes shorter.
  package static let alcohol = PlantedTag(
    name: "alcohol", share: 0.25,
    effects: ["heart.hrv": -9, "heart.restingHeartRate": 3, "sleep.deep": -0.25])
}
