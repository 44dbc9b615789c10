/// What to tell someone whose database has no data for a category: how to get it in.
enum DataGuidance {
  /// The insight for a category with nothing to analyse in the period's windows.
  static func noDataInsight(for request: InsightRequest) -> Insight {
    let category = request.category
    let days = request.windows.current.lowerBound.days(to: request.windows.current.upperBound) + 1
    let when = days == 1 ? "yesterday" : "in the last \(days) days"
    let tooFew = request.shortfalls.contains { if case .tooFewDays = $0.shortfall { true } else { false } }
    let summary =
      tooFew
      ? "Not enough \(category.displayName) data \(when) to compare with the days before."
      : "No \(category.displayName) data \(when)."
    return Insight(
      category: category, period: request.period, status: .noData, summary: summary,
      suggestions: [recording(category), exporting])
  }

  static let exporting =
    "On your iPhone open Health, tap your profile picture, choose Export All Health Data, then run: panda import export.zip"

  /// Which devices, apps or permissions record the category.
  static func recording(_ category: HealthCategory) -> String {
    switch category {
    case .heart:
      "Heart rate, resting heart rate and HRV come from an Apple Watch worn through the day; blood pressure from a connected cuff or apps that write to Health."
    case .sleep:
      "Sleep is recorded by an Apple Watch with Sleep Tracking on (Health → Sleep → Set Up Sleep) or by sleep apps allowed to write Sleep to Health."
    case .activity:
      "Steps and distance come from your iPhone's motion sensor (Settings → Privacy & Security → Motion & Fitness → Fitness Tracking on); exercise and stand hours from an Apple Watch."
    case .mindfulness:
      "Mindful minutes come from the Mindfulness app on Apple Watch or meditation apps allowed to write Mindful Minutes to Health."
    case .body:
      "Weight, body fat and BMI come from a smart scale, apps that write to Health, or entries you add in Health → Body Measurements."
    case .respiratory:
      "Respiratory rate is measured by an Apple Watch during sleep; blood oxygen by the Blood Oxygen app on Apple Watch Series 6 or later."
    case .nutrition:
      "Dietary energy and water come from food and water tracking apps allowed to write to Health."
    case .other:
      "Allow the apps and devices you use to write to Health."
    }
  }
}
