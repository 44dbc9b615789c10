import Foundation
import PandaKit

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
    _ = ask(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}"#)
    let metrics = ["activity.steps", "heart.restingHeartRate", "sleep.asleep", "activity.activeEnergy"]
    let from = lastDay.adding(days: -364)
    var milliseconds: [Double] = []
    var days = 0
    let clock = ContinuousClock()
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
      milliseconds.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
      guard let answer = JSONValue.parse(reply)?["result"], answer["isError"] == .bool(false) else {
        print("call \(call) failed: \(reply.prefix(300))")
        exit(70)
      }
      days = Int(answer["structuredContent"]?["daysWithData"]?.numberValue ?? 0)
    }
    input.fileHandleForWriting.closeFile()
    process.waitUntilExit()
    milliseconds.sort()
    func percentile(_ p: Double) -> Double {
      milliseconds[min(milliseconds.count - 1, Int(Double(milliseconds.count) * p))]
    }
    print(
      String(
        format: "panda mcp, %d daily_values calls of a year (%d days with data) in one session: "
          + "p50 %.2f ms, p99 %.2f ms, max %.2f ms",
        calls, days, percentile(0.5), percentile(0.99), milliseconds.last ?? 0))
  }
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
