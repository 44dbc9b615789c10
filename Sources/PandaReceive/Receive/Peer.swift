import Foundation

#if canImport(Glibc)
  import Glibc
  private let systemClose = Glibc.close
  private let systemSend = Glibc.send
  private let noSignal = Int32(MSG_NOSIGNAL)
#elseif canImport(Darwin)
  import Darwin
  private let systemClose = Darwin.close
  private let systemSend = Darwin.send
  private let noSignal: Int32 = 0
#endif

/// One accepted connection of `ReceiveServer`: reads that wait a bounded time, writes that
/// give up on a client that does not read, and a close that does not cut off the answer.
struct Peer: Sendable {
  /// What one read brought.
  enum ReadResult: Equatable {
    case read(Int)
    /// Nothing within the wait (at most a quarter second, so the caller checks its deadlines).
    case nothingYet
    /// The client closed its side.
    case closed
    case failed
  }

  /// The connected socket.
  let descriptor: Int32

  /// Takes over `descriptor`; writes give up after 10 s without progress.
  init(descriptor: Int32) {
    self.descriptor = descriptor
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    #if canImport(Darwin)
      var one: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }

  /// Appends up to `count` bytes to `bytes`, waiting at most `seconds` (and a quarter second).
  func read(into bytes: inout [UInt8], upTo count: Int, waiting seconds: Double) -> ReadResult {
    var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    let milliseconds = Int32(max(1, min(seconds, 0.25) * 1_000))
    let ready = poll(&waiting, 1, milliseconds)
    if ready == 0 || ready < 0 && errno == EINTR { return .nothingYet }
    guard ready > 0, count > 0 else { return ready > 0 ? .nothingYet : .failed }
    let start = bytes.count
    bytes.append(contentsOf: repeatElement(0, count: count))
    let received = bytes.withUnsafeMutableBytes { raw in
      recv(descriptor, raw.baseAddress.map { $0 + start }, count, 0)
    }
    bytes.removeLast(count - max(received, 0))
    if received > 0 { return .read(received) }
    if received == 0 { return .closed }
    return errno == EINTR || errno == EAGAIN ? .nothingYet : .failed
  }

  /// Writes all of `bytes`; gives up quietly on a client that went away or stopped reading.
  func write(_ bytes: [UInt8]) {
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { systemSend(descriptor, $0.baseAddress, $0.count, noSignal) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return }
      written += count
    }
  }

  /// Ends the answer and closes. With `draining`, first reads and drops what the client still
  /// sends (a body refused unread) for up to 2 s, so that closing does not reset the connection
  /// before the client has read the answer.
  func close(draining: Bool) {
    shutdown(descriptor, Int32(SHUT_WR))
    let deadline = Date().addingTimeInterval(2)
    var scratch: [UInt8] = []
    var drained = 0
    while draining, drained < 8 << 20, deadline.timeIntervalSinceNow > 0 {
      scratch.removeAll(keepingCapacity: true)
      switch read(into: &scratch, upTo: 65_536, waiting: deadline.timeIntervalSinceNow) {
      case .read(let count): drained += count
      case .nothingYet: continue
      case .closed, .failed: drained = .max
      }
    }
    _ = systemClose(descriptor)
  }
}
