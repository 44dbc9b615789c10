import PandaCore

/// One item of "What stands out", the few things every insights output opens with: one sentence
/// with its figure, what it is about, and where its detail is.
package struct Highlight: Codable, Sendable, Equatable {
  /// What kind of thing stands out, in the order they rank.
  package enum Kind: String, Codable, Sendable, CaseIterable, Comparable {
    /// An early warning that is still going on: several body signals outside their usual range.
    case alert
    /// A level far outside its healthy range (health-metrics.md), or one a card says is worth
    /// mentioning to a clinician.
    case level
    /// A clear change against the person's usual, at least the size worth mentioning.
    case change
    /// Two metrics that went together, beyond chance.
    case link
    /// A category whose data stopped arriving.
    case gap

    /// The kinds in ranking order.
    package static func < (lhs: Kind, rhs: Kind) -> Bool {
      allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
  }

  /// What kind of thing stands out.
  package var kind: Kind
  /// One sentence with its figure.
  package var sentence: String
  /// The metric it is about, when it is about one.
  package var metric: String?
  /// The category it is about, when it is about one.
  var category: HealthCategory?
  /// The period whose insight holds its detail, when an insight does.
  var period: InsightPeriod?
  /// Where its detail is: the id of the insight (`sleep-weekly`) or section (`alerts`,
  /// `relations`) in the HTML report, the heading in Markdown.
  package var detail: String
  /// How strongly it stands out among its kind (changes in worth-mentioning sizes, gaps in
  /// days); only ranks, never shown.
  var strength: Double

  /// A highlight as found.
  init(
    kind: Kind, sentence: String, metric: String? = nil, category: HealthCategory? = nil,
    period: InsightPeriod? = nil, detail: String, strength: Double = 0
  ) {
    self.kind = kind
    self.sentence = sentence
    self.metric = metric
    self.category = category
    self.period = period
    self.detail = detail
    self.strength = strength
  }

  private enum CodingKeys: String, CodingKey {
    case kind, sentence, metric, category, period, detail
  }

  /// A highlight decoded from a stored payload (its strength is not stored).
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    kind = try container.decode(Kind.self, forKey: .kind)
    sentence = try container.decode(String.self, forKey: .sentence)
    metric = try container.decodeIfPresent(String.self, forKey: .metric)
    category = try container.decodeIfPresent(HealthCategory.self, forKey: .category)
    period = try container.decodeIfPresent(InsightPeriod.self, forKey: .period)
    detail = try container.decode(String.self, forKey: .detail)
    strength = 0
  }

  /// Whether it is said however many others there are: an early warning, or a level far
  /// outside its healthy range or flagged as worth mentioning to a clinician.
  var isNeverLeftOut: Bool { kind == .alert || kind == .level }

  /// The id of an insight's detail in the HTML report and the anchor of its Markdown heading.
  package static func detail(_ category: HealthCategory, _ period: InsightPeriod) -> String {
    "\(category.rawValue)-\(period.rawValue)"
  }

  /// Where a terminal reader finds the detail: the heading of the insight, or the command.
  package var detailLabel: String {
    switch kind {
    case .alert: return "panda alerts"
    case .link: return "panda relations"
    default:
      guard let category else { return detail }
      guard let period else { return category.displayName.capitalizedFirst }
      return "\(category.displayName.capitalizedFirst) · \(period.rawValue)"
    }
  }
}
