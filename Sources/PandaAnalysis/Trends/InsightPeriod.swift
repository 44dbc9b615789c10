/// The spans panda reports on, with their windows and how long their insights stay fresh.
package enum InsightPeriod: String, CaseIterable, Codable, Sendable, Comparable {
  case daily, weekly, monthly

  /// Days an insight for this period may be reused: daily 1, weekly 3, monthly 7.
  var staleAfterDays: Int {
    switch self {
    case .daily: 1
    case .weekly: 3
    case .monthly: 7
    }
  }

  /// Days in the current window: the latest complete day, the last 7 days, the last 30 days.
  var currentDays: Int {
    switch self {
    case .daily: 1
    case .weekly: 7
    case .monthly: 30
    }
  }

  /// Days in the baseline window just before it: 14 days, 4 weeks, 3 months.
  var baselineDays: Int {
    switch self {
    case .daily: 14
    case .weekly: 28
    case .monthly: 90
    }
  }

  /// How the current window is named in sentences.
  var currentPhrase: String {
    switch self {
    case .daily: "yesterday"
    case .weekly: "this week"
    case .monthly: "over the last 30 days"
    }
  }

  package static func < (lhs: InsightPeriod, rhs: InsightPeriod) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }
}
