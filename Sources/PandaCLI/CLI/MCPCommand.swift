import Foundation
import PandaAnalysis
import PandaCore
import PandaMCP

/// `panda mcp`: panda's tools for LLM clients, as a Model Context Protocol server on standard
/// input and output.
enum MCPCommand: PandaCommand {
  static let spec = CommandSpec(
    "mcp", summary: "serve your data to LLM clients (Model Context Protocol, stdio)",
    forms: [.init(options: [.database, .timeZone, .sourcePriority])],
    details: """
      Reads JSON-RPC 2.0 messages, one a line, on standard input and answers on standard output
      (logs go to standard error) until the input ends. Offers the tools list_metrics,
      daily_values, metrics_on, compare_periods, insights, workouts, period_summary,
      best_worst_days, day_sources, relations and alerts, and the prompts weekly_review,
      sleep_check and compare_months. The database is opened read-only: it is never created,
      migrated or changed. See docs/language-models.md for the lines to add to Claude Desktop's
      configuration.
      """)

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    if let extra = arguments.positionals.first { throw UsageError.unexpectedArgument(extra) }
    let daily = try DailyContextOptions.context(arguments, environment: console.environment)
    guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return .noInput }
    let database = try DatabaseLocation.openForReading(path, context: daily)
    let settings = Settings.load(environment: console.environment)
    let units = settings.displayUnits
    let goals = GoalTarget.all(in: settings)
    var server = MCPServer(version: PandaVersion.current.number) {
      ToolContext(
        database: database, daily: daily, today: DailyContextOptions.today(in: daily), units: units, goals: goals)
    }
    console.error("panda mcp: serving \(path) read-only on standard input and output\n")
    // Standard input a chunk at a time, so that memory stays bounded by the longest line kept.
    var splitter = MCPLineSplitter(limit: MCPServer.maximumLineLength)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    func answer(_ line: MCPLineSplitter.Line) async {
      switch line {
      case .text(let bytes):
        if let reply = await server.reply(toLine: bytes) { console.output(reply + "\n") }
      case .tooLong(let bytes):
        console.error("panda mcp: a line of \(bytes) bytes was dropped (at most \(MCPServer.maximumLineLength))\n")
        console.output(MCPServer.replyToLongLine(bytes: bytes) + "\n")
      }
    }
    while true {
      let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      for line in splitter.feed(chunk[0..<count]) { await answer(line) }
    }
    if let last = splitter.finish() { await answer(last) }
    return .success
  }
}
