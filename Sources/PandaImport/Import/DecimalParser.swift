/// Parses the export's numbers (always `.` decimals) without allocating.
enum DecimalParser {
  private static let powersOfTen: [Double] = (0...22).map { exponent in
    (0..<exponent).reduce(1.0) { value, _ in value * 10 }
  }

  /// The bytes a number in decimal or scientific notation is written with.
  private static let decimalNotation = Set("0123456789.eE+-".utf8)

  /// The finite number the bytes spell, or `nil`.
  ///
  /// Up to 15 significant digits with at most 22 decimals are computed exactly (an exact integer
  /// divided by an exact power of ten rounds correctly); anything else goes through the standard
  /// library's parser.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    var index = 0
    var negative = false
    while index < bytes.count && bytes[index] == 0x20 { index += 1 }
    if index < bytes.count && (bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")) {
      negative = bytes[index] == UInt8(ascii: "-")
      index += 1
    }
    var mantissa: UInt64 = 0
    var digits = 0
    var decimals = 0
    var seenPoint = false
    var seenDigit = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte >= 48 && byte <= 57 {
        seenDigit = true
        if mantissa == 0 && byte == 48 {
          if seenPoint { decimals += 1 }
        } else {
          mantissa = mantissa &* 10 &+ UInt64(byte - 48)
          digits += 1
          if seenPoint { decimals += 1 }
        }
      } else if byte == UInt8(ascii: ".") && !seenPoint {
        seenPoint = true
      } else {
        break
      }
      index += 1
    }
    var end = bytes.count
    while end > index && bytes[end - 1] == 0x20 { end -= 1 }
    if index == end && seenDigit && digits <= 15 && decimals <= 22 {
      let value = Double(mantissa) / powersOfTen[decimals]
      return negative ? -value : value
    }
    let text = String(decoding: bytes, as: UTF8.self).trimmingSpaces()
    // Only decimal notation: the standard library would also read hexadecimal (0x10 as 16).
    guard text.utf8.allSatisfy({ Self.decimalNotation.contains($0) }), let value = Double(text), value.isFinite
    else { return nil }
    return value
  }

  static func parse(_ text: String) -> Double? {
    var text = text
    return text.withUTF8 { parse(UnsafeBufferPointer(start: $0.baseAddress, count: $0.count)) }
  }
}
