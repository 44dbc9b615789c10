/// Writes the small JSON values panda keeps in text columns, without Foundation's encoder.
package enum JSONText {
  /// `{"key":"value",…}`, or `nil` for no entries.
  package static func object(_ entries: [(key: String, value: String)]) -> String? {
    guard !entries.isEmpty else { return nil }
    var output = "{"
    for (index, entry) in entries.enumerated() {
      if index > 0 { output += "," }
      appendString(entry.key, to: &output)
      output += ":"
      appendString(entry.value, to: &output)
    }
    return output + "}"
  }

  /// `[{"time":"…","bpm":64},…]` for an HRV reading's beat list.
  package static func beats(_ beats: [(time: String, bpm: Double)]) -> String {
    var output = "["
    for (index, beat) in beats.enumerated() {
      if index > 0 { output += "," }
      output += "{\"time\":"
      appendString(beat.time, to: &output)
      output += ",\"bpm\":\(number(beat.bpm))}"
    }
    return output + "]"
  }

  /// A number as JSON writes it: integers without a fraction.
  package static func number(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
  }

  /// Appends `value` as a quoted, escaped JSON string. Runs without anything to escape are
  /// copied whole: only quotes, backslashes and control characters are written one by one.
  package static func appendString(_ value: String, to output: inout String) {
    output += "\""
    let utf8 = value.utf8
    var runStart = utf8.startIndex
    for index in utf8.indices {
      let byte = utf8[index]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
      // An ASCII byte always starts a character, so the run ends on a character boundary.
      output += value[runStart..<index]
      switch byte {
      case UInt8(ascii: "\""): output += "\\\""
      case UInt8(ascii: "\\"): output += "\\\\"
      case UInt8(ascii: "\n"): output += "\\n"
      case UInt8(ascii: "\r"): output += "\\r"
      case UInt8(ascii: "\t"): output += "\\t"
      default:
        let hex = String(byte, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
      runStart = utf8.index(after: index)
    }
    output += value[runStart...]
    output += "\""
  }

}
