import Foundation

/// A model's sentence made plain before it is judged or shown: invisible characters removed,
/// every digit and full-width character in its ASCII form, split into sentences, and read as
/// tokens (words, numbers, symbols).
///
/// Zero-width and bidirectional characters (Unicode's format characters) are dropped, so that
/// "r\u{200B}isk" reads and shows as "risk". Full-width forms (`９，８７６`) and the decimal digits
/// of any script (Arabic-Indic `٩٨٧٦`, Devanagari …) become ASCII digits, so that they are read
/// as figures and checked like any other.
enum SentenceText {
  /// `text` without format characters, with full-width forms and non-ASCII decimal digits in
  /// their ASCII form (the Arabic decimal and thousands separators too).
  static func cleaned(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar.properties.generalCategory == .format { continue }
      switch scalar.value {
      case 0xFF01...0xFF5E:
        if let ascii = Unicode.Scalar(scalar.value - 0xFEE0) { scalars.append(ascii) }
        continue
      case 0x3000:
        scalars.append(" ")
        continue
      case 0x066B:
        scalars.append(".")
        continue
      case 0x066C:
        scalars.append(",")
        continue
      default:
        break
      }
      if scalar.value > 0x7F, scalar.properties.generalCategory == .decimalNumber,
        let digit = scalar.properties.numericValue, let ascii = Unicode.Scalar(0x30 + UInt32(digit))
      {
        scalars.append(ascii)
        continue
      }
      scalars.append(scalar)
    }
    return String(scalars)
  }

  /// The sentences of `text`: split after `.`, `!`, `?`, `。` or `…` followed by a space and a
  /// capital, a digit or a quote, and at line breaks. A decimal point or "e.g. the" does not split.
  static func sentences(in text: String) -> [String] {
    let characters = Array(text)
    var sentences: [String] = []
    var current = ""
    var index = 0
    func flush() {
      let trimmed = current.trimmingCharacters(in: .whitespacesAndNewlines)
      if !trimmed.isEmpty { sentences.append(trimmed) }
      current = ""
    }
    while index < characters.count {
      let character = characters[index]
      if character.isNewline {
        flush()
        index += 1
        continue
      }
      current.append(character)
      if [".", "!", "?", "。", "…", "！", "？"].contains(character) {
        var next = index + 1
        // Closing quotes and brackets stay with their sentence.
        while next < characters.count, ["\"", "”", "’", "'", ")"].contains(characters[next]) {
          current.append(characters[next])
          next += 1
        }
        if character == "。" || character == "！" || character == "？" {
          flush()
        } else if next >= characters.count {
          flush()
        } else if characters[next].isWhitespace {
          var start = next
          while start < characters.count, characters[start].isWhitespace { start += 1 }
          if start >= characters.count || characters[start].isUppercase || characters[start].isNumber
            || ["\"", "“", "‘", "'", "(", "¡", "¿"].contains(characters[start])
          {
            flush()
          }
        }
        index = next
        continue
      }
      index += 1
    }
    flush()
    return sentences
  }

  /// One token of a sentence.
  struct Token: Equatable {
    /// What a token is.
    package enum Kind: Equatable {
      case word
      case number
      case symbol
    }

    package var kind: Kind
    /// The text in lower case (a number's as written, without a `k`).
    package var text: String
    /// A number's value (`9.5k` is 9,500).
    var value: Double = 0
    /// A number's decimals as written.
    var decimals = 0
    /// Whether a number was written with a `k` for thousands.
    var thousands = false
  }

  /// The tokens of `sentence`: words in lower case (letters and apostrophes), numbers with their
  /// `,` and `.` and a `k` for thousands, and every other visible character as a symbol.
  static func tokens(_ sentence: String) -> [Token] {
    let characters = Array(sentence.lowercased())
    var tokens: [Token] = []
    var index = 0
    func isDigit(_ at: Int) -> Bool { at < characters.count && characters[at].isASCII && characters[at].isNumber }
    while index < characters.count {
      let character = characters[index]
      if isDigit(index) {
        var text = ""
        while index < characters.count {
          if isDigit(index) {
            text.append(characters[index])
          } else if characters[index] == "," || characters[index] == ".", isDigit(index + 1) {
            text.append(characters[index])
          } else {
            break
          }
          index += 1
        }
        // "1.234.567" or "7,5" are not figures panda writes; they are read as written.
        let plain = text.replacingOccurrences(of: ",", with: "")
        let value = Double(plain) ?? Double(plain.split(separator: ".").first ?? "") ?? 0
        let decimals = plain.firstIndex(of: ".").map { plain.distance(from: $0, to: plain.endIndex) - 1 } ?? 0
        var token = Token(kind: .number, text: text, value: value, decimals: decimals)
        if index < characters.count, characters[index] == "k",
          index + 1 >= characters.count || !characters[index + 1].isLetter
        {
          token.value *= 1_000
          token.thousands = true
          index += 1
        }
        tokens.append(token)
        continue
      }
      if character.isLetter {
        var text = ""
        while index < characters.count,
          characters[index].isLetter
            || ((characters[index] == "'" || characters[index] == "’") && index + 1 < characters.count
              && characters[index + 1].isLetter)
        {
          text.append(characters[index] == "’" ? "'" : characters[index])
          index += 1
        }
        tokens.append(Token(kind: .word, text: text))
        continue
      }
      if !character.isWhitespace {
        tokens.append(Token(kind: .symbol, text: String(character)))
      }
      index += 1
    }
    return tokens
  }
}
