/// A fast 64-bit hash of raw export bytes, used to recognise a run of records already imported
/// (see `ExportBlock`) without decoding it. Two independent multiply–fold lanes of 16 bytes each
/// keep it at several GB/s; the length is mixed in, so zero padding cannot make two runs alike.
enum BlockHash {
  private static let secrets: (UInt64, UInt64, UInt64, UInt64) = (
    0xa076_1d64_78bd_642f, 0xe703_7ed1_a0b4_28db, 0x8ebc_6af0_9c88_c6e3, 0x5899_65cc_7537_4cc3
  )

  /// The hash of `bytes`.
  static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let count = bytes.count
    var first = secrets.0 ^ UInt64(truncatingIfNeeded: count)
    var second = secrets.1
    guard let base = bytes.baseAddress else { return mix(first, secrets.2) }
    var offset = 0
    while offset + 32 <= count {
      first = mix(
        base.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ secrets.1,
        base.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self) ^ first)
      second = mix(
        base.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self) ^ secrets.2,
        base.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self) ^ second)
      offset += 32
    }
    if offset < count {
      // The last few bytes, zero-padded to a whole 32-byte step.
      var tail: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
      withUnsafeMutableBytes(of: &tail) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset...])) }
      first = mix(tail.0 ^ secrets.1, tail.1 ^ first)
      second = mix(tail.2 ^ secrets.2, tail.3 ^ second)
    }
    return mix(first ^ secrets.3, second ^ UInt64(truncatingIfNeeded: count))
  }

  /// Multiplies to 128 bits and folds the halves together.
  @inline(__always)
  private static func mix(_ left: UInt64, _ right: UInt64) -> UInt64 {
    let product = left.multipliedFullWidth(by: right)
    return product.high ^ product.low
  }
}
