import PandaCore

extension DailyExplanation {
  /// The explanation of a resting heart rate derived from heart rate and steps on grid day 0 (a
  /// grid of one day): each heart rate reading of the day, counted as itself where it was taken
  /// at rest, with what kept the others from counting. Formed by `DerivedRestingHeartRate`, the
  /// computation that makes the daily value.
  static func derived(_ inputs: DerivedRestingHeartRate.Inputs, grid: DayGrid) -> DailyExplanation {
    let day = DerivedRestingHeartRate.days(inputs, grid: grid)[0] ?? DerivedRestingHeartRate.Day(restingMinutes: 0)
    let blocked = DerivedRestingHeartRate.blockers(of: inputs.readings, among: inputs.blockers)
    var entries: [Entry] = []
    for (index, reading) in inputs.readings.enumerated() where grid.index(of: reading.start) == 0 {
      var reasons: [Reason] = []
      if let blocker = blocked[index] {
        reasons.append(.notAtRest(blocker))
      } else if reading.value == nil {
        reasons.append(.noValue)
      }
      entries.append(
        Entry(sample: reading, counted: reasons.isEmpty && day.value != nil ? reading.value : nil, reasons: reasons))
    }
    return DailyExplanation(
      entries: entries, value: day.value, span: nil, window: grid.start(0)..<grid.start(1), isPartial: false,
      night: nil, derived: day)
  }
}
