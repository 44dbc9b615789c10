@testable import PandaCore

/// An insights answer without what differs between two runs on the same data.
extension JSONValue {
  /// The answer without what says when and how an insight was made, and without the tool's
  /// `truncated`.
  var comparableInsights: JSONValue {
    guard case .object(var object) = self else { return self }
    object["truncated"] = nil
    if case .array(let insights)? = object["insights"] {
      object["insights"] = .array(
        insights.map { insight in
          guard case .object(var fields) = insight else { return insight }
          fields["source"] = nil
          fields["generatedAt"] = nil
          return .object(fields)
        })
    }
    return .object(object)
  }
}
