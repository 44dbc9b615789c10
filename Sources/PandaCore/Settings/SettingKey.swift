/// One thing users can set with `panda config`, with the values it accepts.
package struct SettingKey: Sendable {
  /// What a setting's value must be.
  package enum Kind: Sendable {
    /// A number in `unit` within `range`.
    case number(unit: String, range: ClosedRange<Double>)
    /// One of a few words.
    case choice([String])
    /// A time zone name (`Europe/Berlin`).
    case zone
    /// A comma-separated list of names.
    case list
    /// An http(s) URL.
    case url
    /// Free text.
    case text
    /// Free text that is never printed (an API key).
    case secret
  }

  /// The key as typed (`budget.calories`).
  package let name: String
  /// The values it accepts.
  package let kind: Kind
  /// What the setting does, for `panda config list`.
  package let summary: String

  /// Whether the value must never be printed.
  package var isSecret: Bool {
    if case .secret = kind { return true }
    return false
  }

  /// The unit of a numeric setting.
  package var unit: String? {
    if case .number(let unit, _) = kind { return unit }
    return nil
  }

  /// What the setting accepts, for messages: `a number of kcal from 500 to 10000`.
  package var accepted: String {
    switch kind {
    case .number(let unit, let range):
      "a number of \(unit) from \(MetricFormatter.decimal(range.lowerBound, places: 2)) to "
        + MetricFormatter.decimal(range.upperBound, places: 2)
    case .choice(let words): words.joined(separator: " or ")
    case .zone: "a time zone name such as Europe/Berlin"
    case .list: "a comma-separated list of source or device names"
    case .url: "an http(s) URL such as http://localhost:11434/v1"
    case .text, .secret: "any text without # or line breaks"
    }
  }
}
