/// A small deterministic random number generator (SplitMix64): the same seed gives the same
/// export on every machine.
package struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  package init(seed: UInt64) {
    state = seed
  }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A value from a normal distribution (Box–Muller).
  mutating func normal(mean: Double, deviation: Double) -> Double {
    let u1 = Double.random(in: Double.ulpOfOne..<1, using: &self)
    let u2 = Double.random(in: 0..<1, using: &self)
    let radius = (-2 * _log(u1)).squareRoot()
    return mean + deviation * radius * _cos(2 * Double.pi * u2)
  }
}

#if canImport(Glibc)
  import Glibc
  private func _log(_ x: Double) -> Double { Glibc.log(x) }
  private func _cos(_ x: Double) -> Double { Glibc.cos(x) }
#elseif canImport(Darwin)
  import Darwin
  private func _log(_ x: Double) -> Double { Darwin.log(x) }
  private func _cos(_ x: Double) -> Double { Darwin.cos(x) }
#endif
