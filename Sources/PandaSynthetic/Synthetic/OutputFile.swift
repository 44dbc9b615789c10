#if canImport(Glibc)
  import Glibc
  private let systemWrite = Glibc.write
#elseif canImport(Darwin)
  import Darwin
  private let systemWrite = Darwin.write
#endif

/// A file written sequentially with plain `write(2)` calls.
package final class OutputFile {
  /// Why a file could not be written.
  package struct WriteError: Error, CustomStringConvertible {
    let path: String
    let reason: String
    package var description: String { "cannot write \(path): \(reason)" }

    /// Creates a value from its stored properties.
    init(path: String, reason: String) {
      self.path = path
      self.reason = reason
    }
  }

  let path: String
  private let descriptor: Int32
  private(set) var offset: Int64 = 0

  init(path: String) throws(WriteError) {
    descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
    self.path = path
  }

  deinit {
    close(descriptor)
  }

  func write(_ bytes: UnsafeRawBufferPointer) throws(WriteError) {
    guard let base = bytes.baseAddress else { return }
    var written = 0
    while written < bytes.count {
      let count = systemWrite(descriptor, base + written, bytes.count - written)
      if count < 0 {
        if errno == EINTR { continue }
        throw WriteError(path: path, reason: String(cString: strerror(errno)))
      }
      written += count
    }
    offset += Int64(bytes.count)
  }

  func write(_ bytes: [UInt8]) throws(WriteError) {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
    defer { buffer.deallocate() }
    buffer.copyBytes(from: bytes)
    try write(UnsafeRawBufferPointer(buffer))
  }

  func write(_ text: String) throws(WriteError) {
    var text = text
    let result: Result<Void, WriteError> = text.withUTF8 { utf8 in
      Result { () throws(WriteError) in try write(UnsafeRawBufferPointer(utf8)) }
    }
    try result.get()
  }
}
