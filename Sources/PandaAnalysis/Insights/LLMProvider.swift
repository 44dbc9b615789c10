/// Turns panda's computed trend figures into an insight's words.
///
/// Two implementations: `HeuristicProvider`, rule-based and offline (the default), and an HTTP
/// chat-completions client. Providers never compute figures; they only describe them.
package protocol LLMProvider: Sendable {
  /// The provider's name, part of the cache key (`heuristic`, `openai`…).
  var name: String { get }
  /// The model, part of the cache key.
  var model: String { get }
  /// A version of the prompts or rules in use, part of the cache key.
  var promptVersion: String { get }
  /// Whether the words depend on the early warning a request carries (`InsightRequest.warning`):
  /// then an insight is cached per warning, and one written outside it is not reused within it.
  var hearsWarnings: Bool { get }

  /// Writes the insight for `request`, which has data (`request.hasData`).
  func insight(for request: InsightRequest) async throws -> Insight
}

extension LLMProvider {
  /// A provider whose words are rewritten within a warning afterwards (`WarningStory`) does not
  /// hear it.
  package var hearsWarnings: Bool { false }
}
