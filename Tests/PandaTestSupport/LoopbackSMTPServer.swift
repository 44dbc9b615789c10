import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
  private let streamSocket = Int32(SOCK_STREAM.rawValue)
#elseif canImport(Darwin)
  import Darwin
  private let streamSocket = SOCK_STREAM
#endif

/// A small SMTP server on 127.0.0.1 for tests: accepts every sender and recipient (unless told
/// to answer a command otherwise), offers no STARTTLS and keeps each message it receives.
final class LoopbackSMTPServer: Sendable {
  /// One message as received.
  struct Mail: Sendable {
    var from: String
    var recipients: [String]
    var data: String
  }

  /// The port the server listens on.
  let port: UInt16
  private let listener: Int32
  private let state = Mutex((mails: [Mail](), commands: [String](), stopped: false))

  /// Replies that replace the usual one, by command verb (`RCPT`: `550 5.1.1 no such user`).
  private let replies: [String: String]

  /// `replies` replace the usual answer to a command; a reply to `AUTH` also makes the server
  /// offer `AUTH PLAIN LOGIN`.
  init(replies: [String: String] = [:]) throws {
    self.replies = replies
    signal(SIGPIPE, SIG_IGN)
    let listener = socket(AF_INET, streamSocket, 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard listener >= 0, bound == 0, listen(listener, 16) == 0 else { throw CocoaError(.fileWriteUnknown) }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    self.listener = listener
    self.port = UInt16(bigEndian: address.sin_port)
    Thread.detachNewThread { [self] in
      while !state.withLock({ $0.stopped }) {
        let connection = accept(listener, nil, nil)
        if connection < 0 { return }
        Thread.detachNewThread { [self] in serve(connection) }
      }
    }
  }

  deinit { stop() }

  /// Messages received so far.
  var mails: [Mail] { state.withLock { $0.mails } }
  /// Command verbs received so far (EHLO, MAIL, RCPT, DATA, QUIT…).
  var commands: [String] { state.withLock { $0.commands } }

  /// Stops accepting connections.
  func stop() {
    let wasRunning = state.withLock { state -> Bool in
      defer { state.stopped = true }
      return !state.stopped
    }
    if wasRunning {
      shutdown(listener, Int32(SHUT_RDWR))
      close(listener)
    }
  }

  private func serve(_ connection: Int32) {
    defer { close(connection) }
    var buffer: [UInt8] = []
    func readLine() -> String? {
      var chunk = [UInt8](repeating: 0, count: 4_096)
      while true {
        if let end = buffer.firstIndex(of: 10) {
          let line = String(decoding: buffer[..<end], as: UTF8.self)
          buffer.removeSubrange(...end)
          return line.hasSuffix("\r") ? String(line.dropLast()) : line
        }
        let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
        if count <= 0 { return nil }
        buffer += chunk[0..<count]
      }
    }
    func reply(_ text: String) {
      let bytes = Array((text + "\r\n").utf8)
      _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
    }
    reply("220 loopback ESMTP")
    var mail = Mail(from: "", recipients: [], data: "")
    while let line = readLine() {
      let verb = String(line.prefix { $0 != " " && $0 != ":" }).uppercased()
      state.withLock { $0.commands.append(verb) }
      if let answer = replies[verb] {
        reply(answer)
        continue
      }
      switch verb {
      case "EHLO":
        reply(replies["AUTH"] == nil ? "250-loopback\r\n250 8BITMIME" : "250-loopback\r\n250 AUTH PLAIN LOGIN")
      case "MAIL":
        mail = Mail(from: String(line.dropFirst("MAIL FROM:".count)), recipients: [], data: "")
        reply("250 OK")
      case "RCPT":
        mail.recipients.append(String(line.dropFirst("RCPT TO:".count)))
        reply("250 OK")
      case "DATA":
        reply("354 go ahead")
        var lines: [String] = []
        while let dataLine = readLine(), dataLine != "." { lines.append(dataLine) }
        mail.data = lines.joined(separator: "\r\n")
        let received = mail
        state.withLock { $0.mails.append(received) }
        reply("250 queued")
      case "QUIT":
        reply("221 bye")
        return
      default: reply("250 OK")
      }
    }
  }
}
