import Foundation

#if canImport(Glibc)
  import Glibc
  private let streamSocket = Int32(SOCK_STREAM.rawValue)
#elseif canImport(Darwin)
  import Darwin
  private let streamSocket = SOCK_STREAM
#endif

/// A client for a loopback HTTP server that writes exactly the bytes a test gives it: a cut-off
/// body, a head that never ends, a connection left open.
final class RawHTTPConnection {
  private let descriptor: Int32

  /// Connects to 127.0.0.1:`port` from the loopback address `source` (another client address
  /// than 127.0.0.1 for the server, such as 127.0.0.2).
  init(port: Int, from source: String = "127.0.0.1") throws {
    descriptor = socket(AF_INET, streamSocket, 0)
    guard descriptor >= 0 else { throw POSIXError(.EIO) }
    var local = sockaddr_in()
    local.sin_family = sa_family_t(AF_INET)
    local.sin_addr.s_addr = inet_addr(source)
    let bound = withUnsafePointer(to: &local) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else {
      close(descriptor)
      throw POSIXError(.EADDRNOTAVAIL)
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    let status = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard status == 0 else {
      close(descriptor)
      throw POSIXError(.ECONNREFUSED)
    }
  }

  deinit {
    close(descriptor)
  }

  /// Writes `bytes`; whether all were written.
  @discardableResult
  func send(_ bytes: [UInt8]) -> Bool {
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { raw in
        #if canImport(Glibc)
          Glibc.send(descriptor, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
        #else
          Darwin.send(descriptor, raw.baseAddress, raw.count, 0)
        #endif
      }
      guard count > 0 else { return false }
      written += count
    }
    return true
  }

  @discardableResult
  func send(_ text: String) -> Bool { send(Array(text.utf8)) }

  /// Closes the sending side: the server sees the end of the request.
  func finishSending() {
    shutdown(descriptor, Int32(SHUT_WR))
  }

  /// Everything the server sends until it closes, or `nil` if it has not closed within `seconds`.
  func receiveAll(within seconds: Double) -> RawHTTPResponse? {
    let deadline = Date().addingTimeInterval(seconds)
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { return nil }
      var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&waiting, 1, Int32(min(left, 1) * 1_000)) > 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count <= 0 { return RawHTTPResponse(bytes) }
      bytes += buffer[0..<count]
    }
  }

  /// Whether the server closed the connection (or answered) within `seconds`.
  func isAnswered(within seconds: Double) -> Bool {
    var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&waiting, 1, Int32(seconds * 1_000)) > 0
  }
}

/// A response as the raw client read it.
struct RawHTTPResponse {
  /// 0 when nothing parseable arrived.
  var status: Int
  /// Header names in lower case.
  var headers: [String: String]
  var body: String

  init(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    // Skip interim answers (100 Continue).
    var rest = Substring(text)
    while rest.hasPrefix("HTTP/1.1 1"), let end = rest.range(of: "\r\n\r\n") { rest = rest[end.upperBound...] }
    let parts = rest.components(separatedBy: "\r\n\r\n")
    let lines = (parts.first ?? "").components(separatedBy: "\r\n")
    status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    self.headers = headers
    body = parts.dropFirst().joined(separator: "\r\n\r\n")
  }

  /// The body as a JSON object.
  var json: [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
  }
}

/// Sends one request to 127.0.0.1:`port` from the loopback address `source` and reads the
/// answer (`nil` after `seconds`).
func rawRequest(
  port: Int, method: String = "POST", path: String = "/", headers: [String] = [], body: [UInt8] = [],
  sendsLength: Bool = true, within seconds: Double = 30, from source: String = "127.0.0.1"
) -> RawHTTPResponse? {
  guard let connection = try? RawHTTPConnection(port: port, from: source) else { return nil }
  var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
  for header in headers { head += header + "\r\n" }
  if method == "POST" && sendsLength { head += "Content-Length: \(body.count)\r\n" }
  connection.send(head + "\r\n")
  connection.send(body)
  return connection.receiveAll(within: seconds)
}
