/// Text a client or a file sent, made safe to repeat in a log line or an answer: at most a
/// given number of characters, with control characters escaped (a backslash stays as it is), so that a 50 MB name or a `\n`
/// inside a date can neither flood a log nor forge its lines.
package enum EchoedText {
  /// `text` with control characters escaped (`\n`, `\u{1B}`) and cut after `limit` characters,
  /// saying how much more there was.
  package static func quoted(_ text: some StringProtocol, limit: Int = 80) -> String {
    var shown = ""
    var count = 0
    var rest = 0
    for scalar in text.unicodeScalars {
      guard count < limit else {
        rest += 1
        continue
      }
      count += 1
      switch scalar {
      case "\n": shown += "\\n"
      case "\r": shown += "\\r"
      case "\t": shown += "\\t"
      default:
        if isControl(scalar) {
          shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
          shown.unicodeScalars.append(scalar)
        }
      }
    }
    if rest > 0 { shown += "… (\(rest) more characters)" }
    return shown
  }

  /// `text` whole with its control characters escaped as `quoted` escapes them: a name fit to
  /// store or print on a terminal, where a raw escape sequence would change colours, the
  /// window's title or forge a line. `text` itself when it holds none.
  package static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    return quoted(text, limit: .max)
  }

  /// Whether `scalar` is a control character (C0, DEL, C1), a line or paragraph separator, or a
  /// bidirectional control (U+202E and its kin), which would reorder the text shown after it.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
      || isBidirectionalControl(scalar)
  }

  /// Whether `scalar` is one of Unicode's bidirectional formatting characters: the Arabic letter
  /// mark, the left-to-right and right-to-left marks, embeddings, overrides and isolates.
  static func isBidirectionalControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
