import Testing

@testable import PandaCore
@testable import PandaSynthetic
@testable import PandaTestSupport

/// The generator's illnesses and menstrual cycles, and that its default output does not move.
@Suite struct SyntheticDaysTests {
  private let lastDay = CalendarDay(iso: "2025-06-30")!

  private func values(_ days: SyntheticDays, _ metric: String) -> [CalendarDay: Double] {
    let points = days.series().first { $0.metric.id == metric }?.points ?? []
    return Dictionary(points.map { ($0.day, $0.value) }, uniquingKeysWith: { first, _ in first })
  }

  @Test func anIllnessRaisesRestingHeartRateBeforeOnsetAndLowersSteps() {
    let onset = lastDay.adding(days: -20)
    let illness = PlantedIllness(onset: onset, rise: 6, leadDays: 4, plateauDays: 3, recoveryDays: 4, stepsDrop: 0.5)
    let plain = SyntheticDays(days: 100, seed: 3, lastDay: lastDay, missingNights: 0, partialDays: 0)
    var ill = plain
    ill.illnesses = [illness]
    let before = values(plain, "heart.restingHeartRate")
    let after = values(ill, "heart.restingHeartRate")
    let added = (-6...8).map { offset -> Double in
      let day = onset.adding(days: offset)
      return (after[day] ?? 0) - (before[day] ?? 0)
    }
    // Nothing before the lead, a climb over the four days before onset, the full rise from onset.
    #expect(added[0] == 0 && added[1] == 0)
    #expect(zip(added[2...6], added[3...6]).allSatisfy { $0 < $1 })
    #expect(abs(added[6] - 6) < 1e-9)
    #expect(added[2] > 0 && added[5] < 6)
    #expect(abs(added[14]) < 1e-9 || added[14] < added[9])
    let steps = (values(plain, "activity.steps")[onset] ?? 0, values(ill, "activity.steps")[onset] ?? 0)
    #expect(abs(steps.1 - steps.0 * 0.5) < 1e-6)
    // Days far from it are untouched.
    #expect(before[onset.adding(days: -30)] == after[onset.adding(days: -30)])
  }

  @Test func cyclesLastTwentySixToThirtyTwoDaysWithALutealShift() {
    let cycles = MenstrualCycles(seed: 9).cycles(from: lastDay.adding(days: -365), through: lastDay)
    #expect(cycles.count >= 11)
    #expect(cycles.allSatisfy { (26...32).contains($0.length) })
    #expect(cycles.allSatisfy { (0.3...0.5).contains($0.temperature) && (2...3).contains($0.heartRate) })
    #expect(zip(cycles, cycles.dropFirst()).allSatisfy { $0.start.adding(days: $0.length) == $1.start })
    let plain = SyntheticDays(days: 120, seed: 2, lastDay: lastDay, missingNights: 0)
    var cycling = plain
    cycling.cycles = MenstrualCycles(seed: 9)
    let cycle = cycles.last { $0.start <= lastDay.adding(days: -40) }!
    let luteal = cycle.start.adding(days: cycle.length - 7)
    let follicular = cycle.start.adding(days: 5)
    let temperature = (values(plain, "body.wristTemperature"), values(cycling, "body.wristTemperature"))
    #expect(abs((temperature.1[luteal] ?? 0) - (temperature.0[luteal] ?? 0) - cycle.temperature) < 1e-9)
    #expect(temperature.1[follicular] == temperature.0[follicular])
    let hrv = (values(plain, "heart.hrv")[luteal] ?? 0, values(cycling, "heart.hrv")[luteal] ?? 0)
    #expect(hrv.1 < hrv.0)
  }

  @Test func wholeHeartRateWritesWholeBeatsPerMinuteOnly() {
    let plain = SyntheticDays(days: 60, seed: 11, lastDay: lastDay)
    #expect(
      plain.series().first { $0.metric.id == "heart.restingHeartRate" }?.points.contains {
        $0.value != $0.value.rounded()
      } == true)
    var whole = plain
    whole.wholeHeartRate = true
    let heart = whole.series().first { $0.metric.id == "heart.restingHeartRate" }?.points ?? []
    #expect(!heart.isEmpty && heart.allSatisfy { $0.value == $0.value.rounded() })
  }

  @Test func dayToDayCorrelationCarriesAShareOfEachDayIntoTheNext() {
    func lagOne(_ correlation: Double) -> Double {
      let days = SyntheticDays(days: 2_000, seed: 4, lastDay: lastDay, dayToDayCorrelation: correlation)
      let values = (days.series().first { $0.metric.id == "nutrition.dietaryEnergy" }?.points ?? []).map(\.value)
      let mean = values.reduce(0, +) / Double(values.count)
      let centred = values.map { $0 - mean }
      let product = zip(centred, centred.dropFirst()).reduce(0) { $0 + $1.0 * $1.1 }
      return product / centred.reduce(0) { $0 + $1 * $1 }
    }
    #expect(abs(lagOne(0)) < 0.08)
    #expect(abs(lagOne(0.5) - 0.5) < 0.08)
  }
}
