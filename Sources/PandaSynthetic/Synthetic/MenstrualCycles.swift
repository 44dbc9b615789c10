import PandaCore

/// Menstrual cycles planted in synthetic daily values: cycles of 26 to 32 days, each drawn from
/// `seed`, whose luteal phase (the last 14 days of a cycle) raises wrist temperature by 0.3 to
/// 0.5 °C and resting heart rate by 2 to 3 bpm and lowers HRV by 5 to 10 %, over a day's ramp up
/// after ovulation and back at the next period.
package struct MenstrualCycles: Sendable, Equatable {
  /// The same seed gives the same cycles.
  var seed: UInt64
  /// One cycle's draw: its first day and length and its luteal shifts.
  package struct Cycle: Sendable, Equatable {
    /// The first day of the period.
    package var start: CalendarDay
    /// Days until the next cycle starts.
    package var length: Int
    /// Wrist temperature added in the luteal phase, °C.
    var temperature: Double
    /// Resting heart rate added in the luteal phase, bpm.
    package var heartRate: Double
    /// The share of HRV lost in the luteal phase.
    var hrvDrop: Double

    /// The days of the period: 4 to 6 from the start, taken from the start's date so that the
    /// cycles' draws stay as they were.
    var flowDays: [CalendarDay] {
      (0..<(4 + (start.ordinal % 3 + 3) % 3)).map { start.adding(days: $0) }
    }

    /// The flow Health records on the period's `offset`th day: heavier on the first days.
    static func flow(onDay offset: Int) -> String {
      let levels = ["Medium", "Heavy", "Medium", "Light"]
      return "HKCategoryValueMenstrualFlow" + levels[min(offset, levels.count - 1)]
    }

    /// Creates a value from its stored properties.
    init(start: CalendarDay, length: Int, temperature: Double, heartRate: Double, hrvDrop: Double) {
      self.start = start
      self.length = length
      self.temperature = temperature
      self.heartRate = heartRate
      self.hrvDrop = hrvDrop
    }
  }

  /// Days of the luteal phase, at the end of each cycle.
  static let lutealDays = 14

  /// Cycles drawn from `seed`.
  package init(seed: UInt64) {
    self.seed = seed
  }

  /// The cycles that cover `first` through `last`: the same cycles whatever days are asked for,
  /// drawn one after another from 1970-01-01.
  package func cycles(from first: CalendarDay, through last: CalendarDay) -> [Cycle] {
    var random = SeededGenerator(seed: seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407)
    var start = CalendarDay(ordinal: Int.random(in: 0..<32, using: &random))
    var cycles: [Cycle] = []
    while start <= last {
      let cycle = Cycle(
        start: start, length: Int.random(in: 26...32, using: &random),
        temperature: Double.random(in: 0.3...0.5, using: &random),
        heartRate: Double.random(in: 2...3, using: &random), hrvDrop: Double.random(in: 0.05...0.1, using: &random))
      if cycle.start.adding(days: cycle.length) > first { cycles.append(cycle) }
      start = start.adding(days: cycle.length)
    }
    return cycles
  }

  /// How far into its luteal phase `day` is in `cycle`, from 0 (not in it) to 1: the first
  /// luteal day and the last day before the next period are halfway.
  package static func luteal(_ day: CalendarDay, in cycle: Cycle) -> Double {
    let offset = cycle.start.days(to: day)
    let lutealStart = cycle.length - lutealDays
    guard offset >= lutealStart, offset < cycle.length else { return 0 }
    return offset == lutealStart || offset == cycle.length - 1 ? 0.5 : 1
  }
}
