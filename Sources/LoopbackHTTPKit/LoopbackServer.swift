import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
  private let systemSocket = Glibc.socket
  private let systemAccept = Glibc.accept
  private let systemBind = Glibc.bind
  private let systemListen = Glibc.listen
  private let systemClose = Glibc.close
  private let systemRead = Glibc.read
  private let systemWrite = Glibc.write
  private let streamSocket = Int32(SOCK_STREAM.rawValue)
#elseif canImport(Darwin)
  import Darwin
  private let systemSocket = Darwin.socket
  private let systemAccept = Darwin.accept
  private let systemBind = Darwin.bind
  private let systemListen = Darwin.listen
  private let systemClose = Darwin.close
  private let systemRead = Darwin.read
  private let systemWrite = Darwin.write
  private let streamSocket = SOCK_STREAM
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for tests and benchmarks: each connection carries one
/// request, answered by a handler that can delay, fail or drop the connection.
public final class LoopbackServer: Sendable {
  /// A request as received.
  public struct Request: Sendable {
    public var method: String
    public var path: String
    /// Header names in lower case.
    public var headers: [String: String]
    public var body: Data

    /// The body as text.
    public var text: String { String(decoding: body, as: UTF8.self) }
  }

  /// What to do with a request.
  public enum Reply: Sendable {
    /// Answer after `delay`.
    case respond(status: Int, headers: [String: String] = [:], body: String, delay: Duration = .zero)
    /// Answer 200 with `text/event-stream`, writing each chunk `interval` after the one before,
    /// then closing the connection.
    case stream(chunks: [String], interval: Duration)
    /// Close the connection without answering.
    case drop
  }

  /// The port the server listens on.
  public let port: UInt16
  private let listener: Int32
  private let handler: @Sendable (Request, Int) -> Reply
  private let state = Mutex((requests: [Request](), stopped: false))

  /// Starts listening on `port` (0: any free port); `handler` gets each request and its 0-based
  /// number.
  public init(port: UInt16 = 0, handler: @escaping @Sendable (Request, Int) -> Reply) throws {
    // A client that hangs up mid-stream must not end the process with SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    let listener = systemSocket(AF_INET, streamSocket, 0)
    guard listener >= 0 else { throw ServerError.socket(errno) }
    var yes: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = port.bigEndian
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        systemBind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, systemListen(listener, 64) == 0 else {
      _ = systemClose(listener)
      throw ServerError.socket(errno)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    self.listener = listener
    self.port = UInt16(bigEndian: address.sin_port)
    self.handler = handler
    Thread.detachNewThread { [self] in acceptLoop() }
  }

  deinit {
    stop()
  }

  /// The server's base URL.
  public var baseURL: String { "http://127.0.0.1:\(port)" }

  /// Every request received so far.
  public var requests: [Request] { state.withLock { $0.requests } }

  /// Stops accepting connections.
  public func stop() {
    let wasRunning = state.withLock { state -> Bool in
      defer { state.stopped = true }
      return !state.stopped
    }
    if wasRunning {
      shutdown(listener, Int32(SHUT_RDWR))
      _ = systemClose(listener)
    }
  }

  public enum ServerError: Error {
    case socket(Int32)
  }

  private func acceptLoop() {
    while !state.withLock({ $0.stopped }) {
      let connection = systemAccept(listener, nil, nil)
      if connection < 0 {
        if errno == EINTR { continue }
        return
      }
      Thread.detachNewThread { [self] in serve(connection) }
    }
  }

  private func serve(_ connection: Int32) {
    defer { _ = systemClose(connection) }
    guard let request = readRequest(connection) else { return }
    let number = state.withLock { state -> Int in
      state.requests.append(request)
      return state.requests.count - 1
    }
    switch handler(request, number) {
    case .drop:
      return
    case .stream(let chunks, let interval):
      let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n"
      write(connection, Array(head.utf8))
      for chunk in chunks {
        pause(interval)
        write(connection, Array(chunk.utf8))
      }
    case .respond(let status, let headers, let body, let delay):
      pause(delay)
      var head = "HTTP/1.1 \(status) \(status < 400 ? "OK" : "Error")\r\n"
      head += "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n"
      if headers["Content-Type"] == nil { head += "Content-Type: application/json\r\n" }
      for (name, value) in headers { head += "\(name): \(value)\r\n" }
      write(connection, Array((head + "\r\n" + body).utf8))
    }
  }

  private func pause(_ duration: Duration) {
    guard duration > .zero else { return }
    let (seconds, attoseconds) = duration.components
    Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
  }

  private func readRequest(_ connection: Int32) -> Request? {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var headerEnd: Int?
    var contentLength = 0
    while true {
      if let end = headerEnd, received.count >= end + contentLength { break }
      let count = buffer.withUnsafeMutableBytes { systemRead(connection, $0.baseAddress, $0.count) }
      if count <= 0 { return nil }
      received += buffer[0..<count]
      if headerEnd == nil, let range = find([13, 10, 13, 10], in: received) {
        headerEnd = range + 4
        let head = String(decoding: received[0..<range], as: UTF8.self)
        for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-length:") {
          contentLength = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) ?? 0
        }
      }
    }
    guard let end = headerEnd else { return nil }
    let lines = String(decoding: received[0..<(end - 4)], as: UTF8.self).split(separator: "\r\n")
    let requestLine = lines.first?.split(separator: " ") ?? []
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return Request(
      method: requestLine.first.map(String.init) ?? "", path: requestLine.dropFirst().first.map(String.init) ?? "",
      headers: headers, body: Data(received[end..<(end + contentLength)]))
  }

  private func write(_ connection: Int32, _ bytes: [UInt8]) {
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { systemWrite(connection, $0.baseAddress, $0.count) }
      if count <= 0 { return }
      written += count
    }
  }

  private func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    for index in 0...(haystack.count - needle.count)
    where haystack[index..<(index + needle.count)].elementsEqual(needle) {
      return index
    }
    return nil
  }
}
