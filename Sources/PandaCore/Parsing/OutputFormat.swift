/// What a command writes its answer as (`--format`).
package enum OutputFormat: String, Sendable, CaseIterable {
  /// Lines for a person to read.
  case text
  /// One JSON document.
  case json
  /// Comma-separated values with a header row.
  case csv
  /// Markdown, for notes and messages.
  case markdown
  /// One JSON object per line.
  case jsonl
}
