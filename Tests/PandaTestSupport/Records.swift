import Foundation

/// Record builders for exports whose daily truth is known by construction.
enum Records {
  static let watchDevice =
    "&lt;&lt;HKDevice: 0x1&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.1&gt;"
  static let phoneDevice =
    "&lt;&lt;HKDevice: 0x2&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,2, software:17.1&gt;"

  static func quantity(
    _ type: String, source: String, device: String? = nil, unit: String, value: Double, start: String, end: String
  ) -> String {
    let deviceAttribute = device.map { " device=\"\($0)\"" } ?? ""
    return
      "<Record type=\"HKQuantityTypeIdentifier\(type)\" sourceName=\"\(source)\"\(deviceAttribute) unit=\"\(unit)\" startDate=\"\(start)\" endDate=\"\(end)\" value=\"\(value)\"/>"
  }

  static func sleep(_ value: String, source: String, start: String, end: String) -> String {
    "<Record type=\"HKCategoryTypeIdentifierSleepAnalysis\" sourceName=\"\(source)\" startDate=\"\(start)\" endDate=\"\(end)\" value=\"HKCategoryValueSleepAnalysis\(value)\"/>"
  }

  /// The Health app's activity summary of `day` (`YYYY-MM-DD`): its Move, Exercise and Stand
  /// figures, with goals of 500 kcal, 30 min and 12 h.
  static func activitySummary(_ day: String, energy: Int, exercise: Int, stand: Int) -> String {
    "<ActivitySummary dateComponents=\"\(day)\" activeEnergyBurned=\"\(energy)\" activeEnergyBurnedGoal=\"500\" activeEnergyBurnedUnit=\"Cal\" appleMoveTime=\"0\" appleMoveTimeGoal=\"0\" appleExerciseTime=\"\(exercise)\" appleExerciseTimeGoal=\"30\" appleStandHours=\"\(stand)\" appleStandHoursGoal=\"12\"/>"
  }
}
