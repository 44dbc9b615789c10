import Foundation

/// `panda doctor`: checks the database and the configured provider, and says what to fix.
enum DoctorCommand: PandaCommand {
  static let help = """
    usage: panda doctor [--provider P] [--base-url URL] [--model NAME] [--db PATH]

    Checks that the database is there and current, and that the provider is configured, reachable,
    lists the model, and answers a tiny JSON request.
    """

  static let options = ProviderOptions.options
  static let flags = ProviderOptions.flags

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    var worst = ExitCode.success
    func report(_ ok: Bool, _ text: String, failing: ExitCode = .unavailable) {
      console.output((ok ? "✓ " : "✗ ") + text + "\n")
      if !ok && worst == .success { worst = failing }
    }

    let path = DatabaseLocation.path(arguments, environment: console.environment)
    var database: Database?
    if FileManager.default.fileExists(atPath: path) {
      let opened = try DatabaseLocation.open(path)
      database = opened
      let samples = try opened.firstRow("SELECT count(*) FROM samples")?.integer(0) ?? 0
      let last = try opened.firstRow("SELECT max(started_at) FROM imports")?.integer(0)
      let when = last.map { ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double($0))) } ?? "never"
      report(samples > 0, "database \(path): \(Int(samples).grouped) samples, last import \(when)", failing: .noInput)
    } else {
      report(false, "no database at \(path): import an export first (panda import export.zip)", failing: .noInput)
    }

    let chat: ChatCompletionsProvider?
    do {
      chat = try ProviderOptions.provider(arguments, console: console, database: database).1
    } catch let problem as LLMConfiguration.Problem {
      report(false, "provider configuration: \(problem)", failing: .configuration)
      return worst
    }
    guard let chat else {
      report(true, "provider: heuristic, the offline analyzer (nothing to reach)")
      return worst
    }
    report(true, "provider: \(chat.name) at \(chat.baseURL), model \(chat.model)")
    do {
      let models = try await chat.listModels()
      report(true, "\(chat.baseURL) is reachable")
      if models.isEmpty {
        report(true, "the server lists no models (many local servers serve whatever is loaded)")
      } else {
        report(
          models.contains(chat.model),
          models.contains(chat.model)
            ? "model \(chat.model) is available"
            : "model \(chat.model) is not listed; available: \(models.prefix(8).joined(separator: ", ")). Set --model or PANDA_MODEL."
        )
      }
    } catch {
      report(
        false, "cannot list models at \(chat.baseURL): \(error). Is the server running, and is the base URL right?")
      return worst
    }
    do {
      let mode = try await chat.checkJSONReply()
      report(true, "a tiny JSON request worked (structured output: \(mode.rawValue))")
      if let database {
        try CapabilityStore(database: database).remember(mode, endpoint: chat.baseURL, model: chat.model)
      }
    } catch {
      report(false, "a tiny JSON request failed: \(error)")
    }
    return worst
  }
}
