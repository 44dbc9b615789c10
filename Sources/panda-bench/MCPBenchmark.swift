import Foundation
import PandaCore

/// Times `daily_values` calls in one `panda mcp` session, as a client sees them: from writing
/// the request line to reading the whole reply line.
struct MCPBenchmark {
  let databasePath: String
  let lastDay: CalendarDay

  func run(calls: Int) throws {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("panda")
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    process.executableURL = binary
    process.arguments = ["mcp", "--db", databasePath, "--timezone", "UTC"]
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    var reader = LineReader(descriptor: output.fileHandleForReading.fileDescriptor)
    func ask(_ line: String) -> String {
      input.fileHandleForWriting.write(Data((line + "\n").utf8))
      return reader.next() ?? ""
    }
    _ = ask(
      #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"#
        + #""clientInfo":{"name":"panda-bench","version":"1"}}}"#)
    // The round trip of a request that does no work: pipes, parsing and writing on this machine.
    var pings: [Double] = []
    let clock = ContinuousClock()
    for call in 1...200 {
      let started = clock.now
      _ = ask(#"{"jsonrpc":"2.0","id":"p\#(call)","method":"ping"}"#)
      pings.append(Self.milliseconds(clock.now - started))
    }
    pings.sort()
    let metrics = ["activity.steps", "heart.restingHeartRate", "sleep.asleep", "activity.activeEnergy"]
    let from = lastDay.adding(days: -364)
    var milliseconds: [Double] = []
    var days = 0
    for call in 1...calls {
      let request = JSONValue.object([
        "jsonrpc": .string("2.0"), "id": .number(Double(call)), "method": .string("tools/call"),
        "params": .object([
          "name": .string("daily_values"),
          "arguments": .object([
            "metric": .string(metrics[call % metrics.count]), "from": .string(from.iso), "to": .string(lastDay.iso),
          ]),
        ]),
      ])
      let started = clock.now
      let reply = ask(request.text)
      let elapsed = clock.now - started
      milliseconds.append(Self.milliseconds(elapsed))
      guard let answer = JSONValue.parse(reply)?["result"], answer["isError"] == .bool(false) else {
        print("call \(call) failed: \(reply.prefix(300))")
        exit(70)
      }
      days = Int(answer["structuredContent"]?["daysWithData"]?.numberValue ?? 0)
    }
    input.fileHandleForWriting.closeFile()
    process.waitUntilExit()
    // The server's own CPU time, which a busy machine does not inflate as it does wall time.
    var usage = rusage()
    #if os(Linux)
      getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    #else
      getrusage(RUSAGE_CHILDREN, &usage)
    #endif
    let cpu =
      Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3
    milliseconds.sort()
    func percentile(_ p: Double) -> Double {
      milliseconds[min(milliseconds.count - 1, Int(Double(milliseconds.count) * p))]
    }
    print(String(format: "panda mcp, 200 pings: p50 %.2f ms, p99 %.2f ms", pings[100], pings[197]))
    print(
      String(
        format: "panda mcp, %d daily_values calls of a year (%d days with data) in one session: "
          + "p50 %.2f ms, p99 %.2f ms, max %.2f ms",
        calls, days, percentile(0.5), percentile(0.99), milliseconds.last ?? 0))
    print(
      String(
        format: "  CPU time of the server process, start-up included: %.0f ms, %.2f ms a call", cpu,
        cpu / Double(calls)))
  }
}

extension MCPBenchmark {
  package static func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
  }

  /// Reads lines from a file descriptor, blocking until each is whole.
  struct LineReader {
    let descriptor: Int32
    private var buffer: [UInt8] = []

    init(descriptor: Int32) {
      self.descriptor = descriptor
    }

    /// The next line without its newline, or `nil` at the end of input.
    mutating func next() -> String? {
      var chunk = [UInt8](repeating: 0, count: 65_536)
      while true {
        if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
          let line = String(decoding: buffer[..<newline], as: UTF8.self)
          buffer.removeSubrange(...newline)
          return line
        }
        let count = read(descriptor, &chunk, chunk.count)
        guard count > 0 else { return nil }
        buffer.append(contentsOf: chunk[..<count])
      }
    }
  }
}
