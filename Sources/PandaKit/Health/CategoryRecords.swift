/// What Health recorded by day, beyond the measured values: menstrual flow
/// (`HKCategoryTypeIdentifierMenstrualFlow`) and the symptoms that go with an illness (`Fever`,
/// `Coughing`…, a severity other than "not present").
public struct CategoryRecords: Sendable, Equatable {
  /// A symptom Health recorded on a day.
  public struct Symptom: Sendable, Equatable, Hashable {
    /// The day it was recorded on.
    public var day: CalendarDay
    /// Its type identifier (`HKCategoryTypeIdentifierFever`).
    public var type: String

    /// A symptom as recorded.
    public init(day: CalendarDay, type: String) {
      self.day = day
      self.type = type
    }

    /// Its name in a sentence ("fever", "sore throat").
    public var name: String { SymptomType.withIdentifier(type)?.displayName ?? type }
  }

  /// The type of menstrual flow records.
  public static let flowType = "HKCategoryTypeIdentifierMenstrualFlow"
  /// The metadata key that marks a flow record as a cycle's first day.
  public static let cycleStartKey = "HKMenstrualCycleStart"
  /// The flow value that says there was none.
  public static let noFlow = "HKCategoryValueMenstrualFlowNone"

  /// The symptoms that go with an illness (`SymptomType.illnesses`), by type identifier, with
  /// their names in a sentence. Symptoms of the cycle itself (cramps, bloating, breast pain, mood
  /// changes) are not among them.
  public static let symptomNames: [String: String] = Dictionary(
    uniqueKeysWithValues: SymptomType.illnesses.map { ($0.identifier, $0.displayName) })

  /// The days with menstrual flow.
  public var flowDays: [CalendarDay]
  /// The days marked as a cycle's first day.
  public var cycleStarts: [CalendarDay]
  /// The symptoms, oldest first.
  public var symptoms: [Symptom]

  /// Records as given.
  public init(flowDays: [CalendarDay] = [], cycleStarts: [CalendarDay] = [], symptoms: [Symptom] = []) {
    self.flowDays = flowDays
    self.cycleStarts = cycleStarts
    self.symptoms = symptoms
  }

  /// The cycles the flow days make.
  public var cycles: CycleCalendar { CycleCalendar(flowDays: flowDays, markedStarts: cycleStarts) }

  /// The symptoms recorded from `first` through `last`.
  public func symptoms(from first: CalendarDay, through last: CalendarDay) -> [Symptom] {
    symptoms.filter { $0.day >= first && $0.day <= last }
  }
}
