import PandaCore

/// An illness planted in synthetic daily values the way wearable studies saw them: resting heart
/// rate rising by `rise` bpm over the `leadDays` days before symptom onset, staying up for
/// `plateauDays` days from onset and easing back over `recoveryDays`; HRV, respiratory rate and
/// wrist temperature moving with it in proportion (at a 7 bpm rise: HRV down 25 %, respiratory
/// rate up 1.5 breaths/min, wrist temperature up 0.5 °C); steps falling by `stepsDrop` of their
/// value and sleep lengthening by `extraSleep` hours from the day before onset.
package struct PlantedIllness: Sendable, Equatable {
  /// The day symptoms begin.
  package var onset: CalendarDay
  /// The resting heart rate's rise at its height, in bpm.
  package var rise: Double
  /// Days before onset over which resting heart rate climbs.
  var leadDays: Int
  /// Days from onset at the height.
  var plateauDays: Int
  /// Days after the height over which it eases back.
  var recoveryDays: Int
  /// The share of steps lost at the height (0.4: 40 % fewer).
  var stepsDrop: Double
  /// Hours of sleep added at the height.
  var extraSleep: Double

  /// An illness as given.
  package init(
    onset: CalendarDay, rise: Double, leadDays: Int = 3, plateauDays: Int = 3, recoveryDays: Int = 4,
    stepsDrop: Double = 0.4, extraSleep: Double = 0.5
  ) {
    self.onset = onset
    self.rise = rise
    self.leadDays = leadDays
    self.plateauDays = plateauDays
    self.recoveryDays = recoveryDays
    self.stepsDrop = stepsDrop
    self.extraSleep = extraSleep
  }

  /// Days between the onsets of `spread`'s illnesses.
  package static let spreadGap = 60

  /// `count` illnesses as `panda generate --illnesses` plants them: the last with symptoms from
  /// 2 days before `lastDay`, so that its warning is still open there, and each other one
  /// `spreadGap` days before the next; each one's rise (3 to 9 bpm), lead, length, steps lost and
  /// sleep added drawn from `seed`, as the warnings benchmark draws them.
  package static func spread(count: Int, lastDay: CalendarDay, seed: UInt64) -> [PlantedIllness] {
    var random = SeededGenerator(seed: seed &* 7_919 &+ 11)
    return (0..<max(0, count)).map { index in
      PlantedIllness(
        onset: lastDay.adding(days: -2 - spreadGap * (count - 1 - index)),
        rise: Double.random(in: 3...9, using: &random),
        leadDays: Int.random(in: 2...5, using: &random), plateauDays: Int.random(in: 3...4, using: &random),
        recoveryDays: Int.random(in: 3...7, using: &random), stepsDrop: Double.random(in: 0.2...0.6, using: &random),
        extraSleep: Double.random(in: 0...1, using: &random))
    }
  }

  /// The days of history `spread` needs for `count` illnesses: the first one's lead days
  /// (at most 5) after 30 days from which a usual can be told.
  package static func spreadDays(count: Int) -> Int {
    count <= 0 ? 1 : 30 + 5 + spreadGap * (count - 1) + 3
  }

  /// The symptoms Health records during the illness: two or three of fever, coughing, fatigue,
  /// sore throat, headache and runny nose, chosen from the onset's date, on each day from onset
  /// to the end of the plateau.
  var symptoms: [CategoryRecords.Symptom] {
    let kinds = ["Fever", "Coughing", "Fatigue", "SoreThroat", "Headache", "RunnyNose"]
    let first = (onset.ordinal % kinds.count + kinds.count) % kinds.count
    let count = 2 + (onset.ordinal / kinds.count % 2 + 2) % 2
    let types = (0..<count).map { "HKCategoryTypeIdentifier" + kinds[(first + $0 * 2) % kinds.count] }
    return (0..<max(1, plateauDays)).flatMap { offset in
      types.map { CategoryRecords.Symptom(day: onset.adding(days: offset), type: $0) }
    }
  }

  /// The first day resting heart rate is up.
  var firstDay: CalendarDay { onset.adding(days: -leadDays) }
  /// The last day anything is changed.
  package var lastDay: CalendarDay { onset.adding(days: plateauDays + recoveryDays - 1) }

  /// How far the illness is on `day`, from 0 (not at all) to 1 (its height) for the body
  /// signals.
  func intensity(on day: CalendarDay) -> Double {
    let offset = onset.days(to: day)
    if offset < -leadDays || offset >= plateauDays + recoveryDays { return 0 }
    if offset < 0 { return Double(leadDays + offset + 1) / Double(leadDays + 1) }
    if offset < plateauDays { return 1 }
    return 1 - Double(offset - plateauDays + 1) / Double(recoveryDays + 1)
  }

  /// How much of its effect on behaviour (steps, sleep) the illness has on `day`: from the day
  /// before onset, as symptoms start, to the end of the plateau, then easing with recovery.
  func behaviour(on day: CalendarDay) -> Double {
    let offset = onset.days(to: day)
    if offset < -1 || offset >= plateauDays + recoveryDays { return 0 }
    if offset == -1 { return 0.5 }
    return offset < plateauDays ? 1 : 1 - Double(offset - plateauDays + 1) / Double(recoveryDays + 1)
  }
}
