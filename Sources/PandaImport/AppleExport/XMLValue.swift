/// An attribute value: raw bytes plus whether entity decoding is needed.
struct XMLValue {
  let bytes: XMLBytes
  let hasEntity: Bool

  /// The decoded text: entities and character references resolved, control characters dropped.
  var string: String {
    var needsWork = hasEntity
    if !needsWork {
      for byte in bytes.buffer where byte < 0x20 {
        needsWork = true
        break
      }
    }
    return needsWork ? XMLText.decode(bytes.buffer) : bytes.string
  }
}
