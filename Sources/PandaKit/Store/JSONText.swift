/// Writes the small JSON values panda keeps in text columns, without Foundation's encoder.
enum JSONText {
  /// `{"key":"value",…}`, or `nil` for no entries.
  static func object(_ entries: [(key: String, value: String)]) -> String? {
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
  static func beats(_ beats: [(time: String, bpm: Double)]) -> String {
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
  static func number(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
  }

  /// Appends `value` as a quoted, escaped JSON string.
  static func appendString(_ value: String, to output: inout String) {
    output += "\""
    if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
      output += value
      output += "\""
      return
    }
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case let control where control.value < 0x20:
        let hex = String(control.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default:
        output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
