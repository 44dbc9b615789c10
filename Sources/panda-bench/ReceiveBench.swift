import Foundation

#if canImport(Glibc)
  import Glibc
  private let streamSocket = Int32(SOCK_STREAM.rawValue)
#elseif canImport(Darwin)
  import Darwin
  private let streamSocket = SOCK_STREAM
#endif

/// `panda-bench receive [--days N] [--pushes K]`: `PushBenchmark`'s document of N days of minute
/// buckets, posted K times to a `panda receive` process on loopback (the first stores it, the
/// others find it all stored); prints the time to each answer and the receiver's peak memory.
enum ReceiveBench {
  static func run(days: Int, pushes: Int, folder: String) throws {
    let documentPath = (folder as NSString).appendingPathComponent("push.json")
    _ = try PushBenchmark.write(days: days, to: documentPath)
    let body = [UInt8](try Data(contentsOf: URL(fileURLWithPath: documentPath)))
    let databasePath = (folder as NSString).appendingPathComponent("receive.sqlite")
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("panda")
    let process = Process()
    process.executableURL = binary
    process.arguments = ["receive", "--listen", "127.0.0.1:0", "--db", databasePath, "--timezone", "UTC"]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    var started = ""
    while !started.contains("\n") {
      let data = errors.fileHandleForReading.availableData
      guard !data.isEmpty else { break }
      started += String(decoding: data, as: UTF8.self)
    }
    guard let match = started.firstMatch(of: /127\.0\.0\.1:(\d+)\//), let port = Int(match.1) else {
      print("panda receive did not start: \(started)")
      exit(70)
    }
    print(String(format: "push: %.1f MB, %d days of minute buckets", Double(body.count) / 1e6, days))
    for number in 1...pushes {
      let clock = ContinuousClock()
      let begun = clock.now
      let answer = post(body, port: port)
      let elapsed = clock.now - begun
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      let summary = answer.split(separator: "\r\n\r\n").last.map(String.init) ?? answer
      print(
        String(format: "push %d: %.2f s, %.1f MB/s: ", number, seconds, Double(body.count) / 1e6 / seconds) + summary)
    }
    let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
    let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? "VmHWM: unknown"
    print("receiver peak RSS: " + peak.dropFirst(6).trimmingCharacters(in: .whitespaces))
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
    print("receiver exit status after SIGTERM: \(process.terminationStatus)")
  }

  /// POSTs `body` to 127.0.0.1:`port` and returns the whole answer.
  static func post(_ body: [UInt8], port: Int) -> String {
    let descriptor = socket(AF_INET, streamSocket, 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { return "cannot connect" }
    let bytes = Array("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return "the receiver closed the connection" }
      written += count
    }
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { break }
      answer += buffer[0..<count]
    }
    return String(decoding: answer, as: UTF8.self)
  }
}
