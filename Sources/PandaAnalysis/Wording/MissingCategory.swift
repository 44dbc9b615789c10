import Foundation
import PandaCore

/// A category every one of whose insights had no data: every form of the report says it in one
/// line (how to get the data in, or when it stopped), once, not once per period.
package struct MissingCategory: Equatable {
  /// The category.
  package var category: HealthCategory
  /// The line: "Nutrition: no data yet. Dietary energy and water come from …".
  package var line: String

  /// The categories of `outcomes`, in report order, none of whose insights had data, nor goals
  /// or activity rings to show. Where the report says once, at its top, where all of the data
  /// ends and how to look at that time (`DataRecency.staleNotice`, for `lastCompleteDay`), the
  /// lines of the categories that end within the 30 days before say when they stopped without
  /// repeating it.
  package static func all(
    in outcomes: [InsightOutcome], recency: DataRecency, lastCompleteDay: CalendarDay
  ) -> [MissingCategory] {
    let saidOnce = !recency.staleNotice(lastCompleteDay: lastCompleteDay).isEmpty
    var seen: [HealthCategory] = []
    for outcome in outcomes where !seen.contains(outcome.job.category) { seen.append(outcome.job.category) }
    return seen.filter { category in
      outcomes.allSatisfy { outcome in
        outcome.job.category != category
          || outcome.insight.status == .noData && (outcome.insight.goals ?? []).isEmpty
            && (outcome.insight.rings ?? []).isEmpty
      }
    }.map { category in
      let name = category.displayName.capitalizedFirst
      guard recency.byCategory[category] != nil else {
        return MissingCategory(category: category, line: "\(name): no data yet. \(DataGuidance.recording(category))")
      }
      // The longest window says the most about a category that had data.
      let outcome = outcomes.filter { $0.job.category == category }.max { $0.job.period < $1.job.period }
      var summary = outcome?.insight.summary ?? ""
      // The top's look back shows the 30 days before where all of the data ends; a category that
      // stopped before them keeps its own.
      if saidOnce, let lastDay = recency.lastDay, let stopped = recency.byCategory[category],
        stopped > lastDay.adding(days: -30)
      {
        summary = summary.replacingOccurrences(
          of: DataGuidance.lookBackPattern + "\\.", with: ".", options: .regularExpression)
      }
      let words = [summary] + (outcome?.insight.suggestions ?? [])
      return MissingCategory(
        category: category, line: "\(name): " + words.filter { !$0.isEmpty }.joined(separator: " "))
    }
  }

  /// Creates a value from its stored properties.
  init(category: HealthCategory, line: String) {
    self.category = category
    self.line = line
  }
}
