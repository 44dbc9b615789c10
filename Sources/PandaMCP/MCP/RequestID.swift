import PandaCore

/// A JSON-RPC request's id as the client wrote it: MCP allows a string or an integer, and a
/// reply carries it back exactly, so an integer keeps its digits (`123456789012345678901234567890`
/// would come back as `1.2345678901234568e+29` through a `Double`).
enum RequestID: Equatable, Sendable {
  /// A string id.
  case string(String)
  /// An integer id, as its digits were written (an optional `-` and no leading zero).
  case integer(String)
  /// No id could be read: a reply to a line that is not JSON or not a request says `null`.
  case null

  /// The id as JSON text.
  package var text: String {
    switch self {
    case .string(let value):
      var output = ""
      JSONText.appendString(value, to: &output)
      return output
    case .integer(let digits): return digits
    case .null: return "null"
    }
  }

  /// The id as a JSON value, for tests and logs; an integer beyond a `Double`'s precision is
  /// rounded here, which is why replies are written from `text`.
  var value: JSONValue {
    switch self {
    case .string(let value): .string(value)
    case .integer(let digits): Double(digits).map(JSONValue.number) ?? .null
    case .null: .null
    }
  }
}
