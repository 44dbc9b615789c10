/// What Health recorded by day, beyond the measured values: menstrual flow
/// (`HKCategoryTypeIdentifierMenstrualFlow`) and the symptoms that go with an illness (`Fever`,
/// `Coughing`…, a severity other than "not present").
package struct CategoryRecords: Sendable, Equatable {
  /// A symptom Health recorded on a day.
  package struct Symptom: Sendable, Equatable, Hashable {
    /// The day it was recorded on.
    package var day: CalendarDay
    /// Its type identifier (`HKCategoryTypeIdentifierFever`).
    package var type: String

    /// A symptom as recorded.
    package init(day: CalendarDay, type: String) {
      self.day = day
      self.type = type
    }

    /// Its name in a sentence ("fever", "sore throat").
    package var name: String { SymptomType.withIdentifier(type)?.displayName ?? type }
  }

  /// The type of menstrual flow records.
  package static let flowType = "HKCategoryTypeIdentifierMenstrualFlow"
  /// The metadata key that marks a flow record as a cycle's first day.
  package static let cycleStartKey = "HKMenstrualCycleStart"
  /// The flow value that says there was none.
  package static let noFlow = "HKCategoryValueMenstrualFlowNone"

  /// The symptoms that go with an illness (`SymptomType.illnesses`), by type identifier, with
  /// their names in a sentence. Symptoms of the cycle itself (cramps, bloating, breast pain, mood
  /// changes) are not among them.
  package static let symptomNames: [String: String] = Dictionary(
    uniqueKeysWithValues: SymptomType.illnesses.map { ($0.identifier, $0.displayName) })

  /// The days with menstrual flow.
  package var flowDays: [CalendarDay]
  /// The days marked as a cycle's first day.
  package var cycleStarts: [CalendarDay]
  /// The symptoms, oldest first.
  package var symptoms: [Symptom]

  /// Records as given.
  package init(flowDays: [CalendarDay] = [], cycleStarts: [CalendarDay] = [], symptoms: [Symptom] = []) {
    self.flowDays = flowDays
    self.cycleStarts = cycleStarts
    self.symptoms = symptoms
  }

  /// The cycles the flow days make.
  package var cycles: CycleCalendar { CycleCalendar.calendar(flowDays: flowDays, markedStarts: cycleStarts) }

  /// The symptoms recorded from `first` through `last`.
  package func symptoms(from first: CalendarDay, through last: CalendarDay) -> [Symptom] {
    symptoms.filter { $0.day >= first && $0.day <= last }
  }
}
