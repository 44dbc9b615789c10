import Foundation

/// JSON for scripts: sorted keys, so output is stable.
package enum JSONOutput {
  package static func string(_ value: Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }
}
