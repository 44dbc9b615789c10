/// One unit of work: a category over a period.
public struct InsightJob: Hashable, Sendable, Comparable {
  public var category: HealthCategory
  public var period: InsightPeriod

  public init(category: HealthCategory, period: InsightPeriod) {
    self.category = category
    self.period = period
  }

  /// Every category panda analyses, each over every period.
  public static let all: [InsightJob] = HealthCategory.analysed.flatMap { category in
    InsightPeriod.allCases.map { InsightJob(category: category, period: $0) }
  }

  /// Report order: categories in catalogue order, then daily, weekly, monthly.
  public static func < (lhs: InsightJob, rhs: InsightJob) -> Bool {
    (lhs.category.sortIndex, lhs.period) < (rhs.category.sortIndex, rhs.period)
  }
}
