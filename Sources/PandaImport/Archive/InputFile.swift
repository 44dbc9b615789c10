#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file opened for reading with plain `read(2)` / `pread(2)` calls.
/// Immutable after opening, and `pread` needs no shared position, so it may cross threads.
final class InputFile: @unchecked Sendable {
  let path: String
  let size: Int64
  private let descriptor: Int32

  /// Opens `path`, failing with `ImportError.missingFile` or `.unreadable`.
  init(path: String) throws(ImportError) {
    // Non-blocking, so that opening a named pipe nobody writes to returns at once and is refused.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR {
        throw .missingFile(path: path)
      }
      throw .unreadable(path: path, reason: String(cString: strerror(code)))
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      close(descriptor)
      throw .unreadable(path: path, reason: String(cString: strerror(errno)))
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw .notAFile(path: path, kind: Self.kind(of: info.st_mode))
    }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    self.path = path
    self.descriptor = descriptor
    self.size = Int64(info.st_size)
  }

  deinit {
    close(descriptor)
  }

  /// What a file that is not a regular file is, in words.
  private static func kind(of mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFIFO: "a named pipe (FIFO)"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    default: "not a regular file"
    }
  }

  /// Reads up to `buffer.count` bytes starting at `offset`; fewer only at the end of the file.
  func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) throws(ImportError) -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    var total = 0
    while total < buffer.count {
      let count = pread(descriptor, base + total, buffer.count - total, off_t(offset) + off_t(total))
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(path: path, reason: String(cString: strerror(errno)))
      }
      if count == 0 { break }
      total += count
    }
    return total
  }

  /// Reads exactly `count` bytes at `offset`, or fewer when the file ends first.
  func bytes(at offset: Int64, count: Int) throws(ImportError) -> [UInt8] {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
    defer { buffer.deallocate() }
    let read = try self.read(into: buffer, at: offset)
    return Array(buffer.prefix(read))
  }
}
