/// ANSI styling, or none.
package struct TextStyle {
  let enabled: Bool

  package func bold(_ text: String) -> String { wrap(text, "1") }
  package func dim(_ text: String) -> String { wrap(text, "2") }
  package func green(_ text: String) -> String { wrap(text, "32") }
  package func red(_ text: String) -> String { wrap(text, "31") }
  package func yellow(_ text: String) -> String { wrap(text, "33") }

  private func wrap(_ text: String, _ code: String) -> String {
    enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  /// Creates a value from its stored properties.
  package init(enabled: Bool) {
    self.enabled = enabled
  }
}
