/// Decodes XML character data as found in attribute values.
enum XMLText {
  /// Resolves the five predefined entities and numeric references, and drops control characters
  /// (raw `\u{0B}` and friends appear in iOS 16 exports). Unknown references are kept verbatim.
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "&"), let (decoded, length) = reference(in: bytes, at: index) {
        output.append(contentsOf: decoded)
        index += length
        continue
      }
      if byte >= 0x20 || byte == 0x09 || byte == 0x0A {
        output.append(byte == 0x0A ? 0x20 : byte)
      }
      index += 1
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static func reference(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> ([UInt8], Int)? {
    var end = start + 1
    while end < bytes.count && end - start < 12 && bytes[end] != UInt8(ascii: ";") { end += 1 }
    guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else { return nil }
    let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end]), as: UTF8.self)
    let length = end - start + 1
    switch name {
    case "lt": return ([UInt8(ascii: "<")], length)
    case "gt": return ([UInt8(ascii: ">")], length)
    case "amp": return ([UInt8(ascii: "&")], length)
    case "quot": return ([UInt8(ascii: "\"")], length)
    case "apos": return ([UInt8(ascii: "'")], length)
    default:
      guard name.hasPrefix("#") else { return nil }
      let digits = name.dropFirst()
      let code =
        digits.first == "x" || digits.first == "X"
        ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
      guard let code, let scalar = Unicode.Scalar(code) else { return nil }
      if code < 0x20 && code != 0x09 { return ([], length) }
      return (Array(String(Character(scalar)).utf8), length)
    }
  }
}
