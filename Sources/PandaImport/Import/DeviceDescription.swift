/// The fields of an export's `device` string, without the per-record `0x…` address.
///
/// `<<HKDevice: 0x282e3a260>, name:Apple Watch, manufacturer:Apple Inc., model:Watch,
/// hardware:Watch6,1, software:10.1>` describes the same watch whatever the address, so devices
/// are identified by their fields.
struct DeviceDescription: Hashable, Sendable {
  package var name: String?
  var manufacturer: String?
  var model: String?
  var hardware: String?
  var software: String?

  /// A stable identity for the device: its fields joined, the address left out.
  private(set) var key = ""

  /// Parses the export's device string; `nil` when it names nothing.
  init?(parsing text: String) {
    var body = Substring(text)
    if body.hasPrefix("<<"), let close = body.firstIndex(of: ">") {
      body = body[body.index(after: close)...]
    }
    if body.hasSuffix(">") { body = body.dropLast() }
    for (key, value) in Self.fields(of: body) {
      switch key {
      case "name": name = value
      case "manufacturer": manufacturer = value
      case "model": model = value
      case "hardware": hardware = value
      case "software": software = value
      default: break
      }
    }
    if name == nil && manufacturer == nil && model == nil && hardware == nil {
      let plain = String(body).trimmingSpaces()
      guard !plain.isEmpty, !plain.contains(":") else { return nil }
      name = plain
    }
    key = [name, manufacturer, model, hardware, software].map { $0 ?? "" }.joined(separator: "|")
  }

  /// Splits `, key:value, key:value` where values may themselves hold commas (`Watch6,1`).
  private static func fields(of body: Substring) -> [(String, String)] {
    var fields: [(String, String)] = []
    var pieces: [Substring] = []
    var current = body.startIndex
    var searchFrom = body.startIndex
    while let range = body[searchFrom...].firstRange(of: ", ") {
      let after = body[range.upperBound...]
      if let colon = after.firstIndex(of: ":"), after[..<colon].allSatisfy({ $0.isLetter }) {
        pieces.append(body[current..<range.lowerBound])
        current = range.upperBound
      }
      searchFrom = range.upperBound
    }
    pieces.append(body[current...])
    for piece in pieces {
      guard let colon = piece.firstIndex(of: ":") else { continue }
      let key = piece[..<colon].trimmingCharacters()
      let value = piece[piece.index(after: colon)...].trimmingCharacters()
      if !key.isEmpty && !value.isEmpty && value != "(null)" { fields.append((key, value)) }
    }
    return fields
  }
}

extension Substring {
  fileprivate func trimmingCharacters() -> String {
    String(self).trimmingSpaces()
  }
}
