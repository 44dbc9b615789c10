#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A run of bytes inside the scanner's buffer.
struct XMLBytes {
  let start: UnsafePointer<UInt8>
  package let count: Int

  init(start: UnsafePointer<UInt8>, count: Int) {
    self.start = start
    self.count = count
  }

  init(start: UnsafeMutablePointer<UInt8>, count: Int) {
    self.start = UnsafePointer(start)
    self.count = count
  }

  static func == (bytes: XMLBytes, literal: StaticString) -> Bool {
    bytes.count == literal.utf8CodeUnitCount && memcmp(bytes.start, literal.utf8Start, bytes.count) == 0
  }

  var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

  /// The bytes as a string, invalid UTF-8 repaired.
  var string: String { String(decoding: buffer, as: UTF8.self) }
}
