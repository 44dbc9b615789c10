import Foundation

/// Every setting panda knows, kept in `$XDG_CONFIG_HOME/panda/config` as `key = value` lines.
///
/// The language-model keys keep the names the file has always used (`provider`, `model`,
/// `base_url`, `api_key`), so existing files keep working unchanged.
package enum SettingsCatalogue {
  /// The declared keys, in the order `panda config list` shows them.
  package static let all: [SettingKey] = [
    SettingKey(
      name: "budget.calories", kind: .number(unit: "kcal", range: 500...10_000),
      summary: "food energy budget per day"),
    SettingKey(
      name: "budget.exercise", kind: .choice(["none", "add"]),
      summary: "whether active energy is added back to the budget (add, as MyFitnessPal and Lose It do)"),
    SettingKey(name: "goal.steps", kind: .number(unit: "steps", range: 100...100_000), summary: "steps per day"),
    SettingKey(name: "goal.sleep", kind: .number(unit: "h", range: 3...14), summary: "hours asleep per night"),
    SettingKey(name: "goal.water", kind: .number(unit: "mL", range: 100...10_000), summary: "water per day"),
    SettingKey(
      name: "goal.exercise", kind: .number(unit: "min", range: 1...1_440), summary: "exercise minutes per day"),
    SettingKey(name: "goal.mindful", kind: .number(unit: "min", range: 1...720), summary: "mindful minutes per day"),
    SettingKey(name: "goal.weight", kind: .number(unit: "kg", range: 20...350), summary: "target weight"),
    SettingKey(
      name: "units", kind: .choice(["metric", "imperial"]),
      summary: "units in text output (lb, mi, fl oz; energy stays kcal), and of a bare number in panda log"),
    SettingKey(
      name: "timezone", kind: .zone, summary: "the zone days are counted in (after --timezone and PANDA_TIMEZONE)"),
    SettingKey(
      name: "source.priority", kind: .list,
      summary: "sources to trust first (after --source-priority and PANDA_SOURCE_PRIORITY); panda is what you log"),
    SettingKey(
      name: "as-of", kind: .choice(["today", "latest"]),
      summary: "the day insights, report and alerts judge as of when --as-of is not given (latest: an old export)"),
    SettingKey(
      name: "provider", kind: .choice(["heuristic", "openai", "ollama", "llamacpp"]),
      summary: "who writes insights"),
    SettingKey(name: "model", kind: .text, summary: "the language model's name"),
    SettingKey(name: "base_url", kind: .url, summary: "the chat-completions endpoint"),
    SettingKey(name: "api_key", kind: .secret, summary: "the provider's API key (never printed)"),
  ]

  /// The declared key called `name`.
  package static func key(_ name: String) throws(SettingsError) -> SettingKey {
    guard let key = all.first(where: { $0.name == name }) else {
      throw .unknownKey(name, suggestion: suggestion(for: name))
    }
    return key
  }

  /// `value` checked against the key, in the form it is stored (numbers without a unit).
  package static func validate(_ value: String, for key: SettingKey) throws(SettingsError) -> String {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    let invalid = SettingsError.invalidValue(key: key.name, value: key.isSecret ? nil : value, accepted: key.accepted)
    guard !trimmed.isEmpty, !trimmed.contains("#"), !trimmed.contains(where: \.isNewline) else { throw invalid }
    switch key.kind {
    case .number(let unit, let range):
      var number = trimmed
      if number.lowercased().hasSuffix(unit.lowercased()) {
        number = String(number.dropLast(unit.count)).trimmingCharacters(in: .whitespaces)
      }
      guard let parsed = Double(number), parsed.isFinite, range.contains(parsed) else { throw invalid }
      return MetricFormatter.decimal(parsed, places: 3).replacingOccurrences(of: ",", with: "")
    case .choice(let words):
      guard words.contains(trimmed.lowercased()) else { throw invalid }
      return trimmed.lowercased()
    case .zone:
      guard TimeZone(identifier: trimmed) != nil else { throw invalid }
      return trimmed
    case .url:
      guard let url = URL(string: trimmed), let scheme = url.scheme, ["http", "https"].contains(scheme),
        url.host != nil
      else { throw invalid }
      return trimmed
    case .list, .text, .secret:
      return trimmed
    }
  }

  /// The declared key nearest to `name`, if one is close enough to be a typo.
  static func suggestion(for name: String) -> String? {
    let scored = all.map { (key: $0.name, distance: editDistance(name.lowercased(), $0.name)) }
    guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
    // A key that merely lacks its prefix (`calories` for `budget.calories`) counts as close.
    if let suffix = all.first(where: { $0.name.hasSuffix("." + name.lowercased()) }) { return suffix.name }
    return best.distance <= max(2, name.count / 3) ? best.key : nil
  }

  /// Levenshtein distance.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for (i, left) in a.enumerated() {
      var current = [i + 1] + [Int](repeating: 0, count: b.count)
      for (j, right) in b.enumerated() {
        current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
