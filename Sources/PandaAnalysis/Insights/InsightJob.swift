import PandaCore

/// One unit of work: a category over a period.
package struct InsightJob: Hashable, Sendable, Comparable {
  package var category: HealthCategory
  package var period: InsightPeriod

  package init(category: HealthCategory, period: InsightPeriod) {
    self.category = category
    self.period = period
  }

  /// Every category panda analyses, each over every period.
  package static let all: [InsightJob] = HealthCategory.analysed.flatMap { category in
    InsightPeriod.allCases.map { InsightJob(category: category, period: $0) }
  }

  /// Report order: categories in catalogue order, then daily, weekly, monthly.
  package static func < (lhs: InsightJob, rhs: InsightJob) -> Bool {
    (lhs.category.sortIndex, lhs.period) < (rhs.category.sortIndex, rhs.period)
  }
}
