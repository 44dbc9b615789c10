import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
  private let streamSocket = Int32(SOCK_STREAM.rawValue)
  private let noSignal = Int32(MSG_NOSIGNAL)
#elseif canImport(Darwin)
  import Darwin
  private let streamSocket = SOCK_STREAM
  private let noSignal: Int32 = 0
#endif

/// `panda-bench receive [--days N] [--pushes K] [--slow-clients C]`: `PushBenchmark`'s document of
/// N days of minute buckets, posted K times to a `panda receive` process on loopback with a token
/// (the first stores it, the others find it all stored); prints the time to each answer and the
/// receiver's peak memory. Then C clients without the token each send a byte of a head every
/// 0.3 s and come back whenever they are turned away, while a client with the token pushes a
/// small document 20 times: prints how long it waited for each answer.
enum ReceiveBench {
  static let token = "panda-bench-receive-token-5e2b9f"

  static func run(days: Int, pushes: Int, slowClients: Int, folder: String) throws {
    let documentPath = (folder as NSString).appendingPathComponent("push.json")
    _ = try PushBenchmark.write(days: days, to: documentPath)
    let body = [UInt8](try Data(contentsOf: URL(fileURLWithPath: documentPath)))
    let databasePath = (folder as NSString).appendingPathComponent("receive.sqlite")
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("panda")
    let process = Process()
    process.executableURL = binary
    process.arguments = [
      "receive", "--listen", "127.0.0.1:0", "--db", databasePath, "--timezone", "UTC", "--token-env",
      "PANDA_BENCH_TOKEN",
    ]
    process.environment = ProcessInfo.processInfo.environment.merging(["PANDA_BENCH_TOKEN": token]) { $1 }
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
    if slowClients > 0 { hammer(port: port, slowClients: slowClients) }
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
    print("receiver exit status after SIGTERM: \(process.terminationStatus)")
  }

  /// `slowClients` clients without the token dribble heads at the receiver while one with it
  /// pushes a small document 20 times; prints the waits.
  static func hammer(port: Int, slowClients: Int) {
    let stopping = Atomic(false)
    let turnedAway = Atomic(0)
    let group = DispatchGroup()
    for _ in 0..<slowClients {
      group.enter()
      Thread.detachNewThread {
        defer { group.leave() }
        while !stopping.load(ordering: .relaxed) {
          let descriptor = openConnection(port: port)
          guard descriptor >= 0 else { continue }
          while !stopping.load(ordering: .relaxed) {
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&waiting, 1, 300) > 0 { break }
            _ = send(descriptor, "G", 1, noSignal)
          }
          turnedAway.add(1, ordering: .relaxed)
          close(descriptor)
        }
      }
    }
    usleep(1_000_000)
    let small = Array(
      #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"date": "2026-01-01 08:00:00 +0000", "qty": 12}]}]}}"#
        .utf8)
    var waits: [Double] = []
    var statuses: [String: Int] = [:]
    for _ in 0..<20 {
      let clock = ContinuousClock()
      let begun = clock.now
      let answer = post(small, port: port)
      let elapsed = clock.now - begun
      waits.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
      statuses[String(answer.prefix(12).dropFirst(9)), default: 0] += 1
      usleep(100_000)
    }
    stopping.store(true, ordering: .relaxed)
    group.wait()
    waits.sort()
    print(
      String(
        format: "token holder with %d slow clients without the token: median %.3f s, slowest %.3f s over %d pushes",
        slowClients, waits[waits.count / 2], waits[waits.count - 1], waits.count)
        + "; answers " + statuses.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
        + "; slow clients turned away \(turnedAway.load(ordering: .relaxed)) times")
  }

  /// A socket connected to 127.0.0.1:`port`, or -1.
  static func openConnection(port: Int) -> Int32 {
    let descriptor = socket(AF_INET, streamSocket, 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(descriptor)
      return -1
    }
    return descriptor
  }

  /// POSTs `body` with the token to 127.0.0.1:`port` and returns the whole answer.
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
    let head =
      "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nContent-Length: \(body.count)\r\n\r\n"
    let bytes = Array(head.utf8) + body
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
