import Foundation
import PandaAnalysis
import PandaCore
import PandaStore

/// `panda doctor`: checks the database and the configured provider, and says what to fix.
enum DoctorCommand: PandaCommand {
  static let spec = CommandSpec(
    "doctor", summary: "check the database and the configured provider, and say what to fix",
    forms: [.init(options: ProviderOptions.options + [.format([.text, .json]), .database, .timeZone])],
    details: """
      Checks that the database is there and current, and that the provider is configured, reachable,
      lists the model, and answers a tiny JSON request. It only reads the database. Exits 0 when every
      check passed, 66 without a database, 65 for a database panda cannot use (another application's,
      an older or newer panda's) or whose last import was refused, 78 for a configuration panda cannot use, 69 when the provider cannot
      be reached.
      """)

  /// One check as `doctor --format json` lists it.
  struct Check: Encodable {
    var ok: Bool
    var message: String
    /// Present and true for a check that passed with something to act on (data that ends long ago).
    var warning: Bool?
  }

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    guard arguments.format == .json else {
      return try await check(arguments, console: console) {
        console.output(($0.warning == true ? "! " : $0.ok ? "✓ " : "✗ ") + $0.message + "\n")
      }
    }
    var checks: [Check] = []
    let status = try await check(arguments, console: console) { checks.append($0) }
    struct Report: Encodable {
      var status: Int32
      var checks: [Check]
    }
    console.output(try JSONOutput.string(Report(status: status.rawValue, checks: checks)) + "\n")
    return status
  }

  /// Runs the checks in order, handing each to `record`; returns the status of the first that failed.
  private static func check(_ arguments: Arguments, console: Console, record: (Check) -> Void) async throws -> ExitCode
  {
    var worst = ExitCode.success
    func report(_ ok: Bool, _ text: String, failing: ExitCode = .unavailable) {
      record(Check(ok: ok, message: text))
      if !ok && worst == .success { worst = failing }
    }

    let path = DatabaseLocation.path(arguments, environment: console.environment)
    var database: Database?
    if FileManager.default.fileExists(atPath: path) {
      // A database panda cannot use is a failed check; the provider is still checked.
      do {
        let opened = try DatabaseLocation.openForReading(path)
        let samples = try opened.sampleCount()
        let last = try opened.lastImportStart()
        let when = last.map { ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double($0))) } ?? "never"
        database = opened
        report(samples > 0, "database \(path): \(samples.grouped) samples, last import \(when)", failing: .noInput)
        if let zone = try? DailyContextOptions.zoneSetting(arguments, environment: console.environment) {
          report(true, "time zone: d" + zone.sentence.dropFirst())
        }
        if let refusal = try ImportRefusal.unresolved(in: opened) {
          report(false, StatusCommand.refusalText(refusal), failing: .dataError)
        }
        if let stale = try staleData(opened, arguments: arguments, console: console) {
          record(Check(ok: true, message: stale, warning: true))
        }
      } catch let error as SchemaError {
        report(false, "database: \(error)", failing: PandaCommandLine.status(for: error))
      } catch let error as DatabaseError {
        report(false, "database: \(error)", failing: PandaCommandLine.status(for: error))
      }
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
    } catch {
      report(false, "a tiny JSON request failed: \(error)")
    }
    return worst
  }

  /// The warning for data that ends before yesterday (entries logged by hand do not count), with
  /// what to do; `nil` when the data is current or there is none.
  static func staleData(_ database: Database, arguments: Arguments, console: Console) throws -> String? {
    let context = try DailyContextOptions.context(arguments, environment: console.environment)
    let yesterday = DailyContextOptions.today(in: context).adding(days: -1)
    let recency = try DataRecency.load(database: database, asOf: yesterday, zone: context.zone)
    guard let lastDay = recency.lastDay, lastDay < yesterday else { return nil }
    return "your data ends on \(lastDay.iso), \((lastDay.days(to: yesterday)).counted("day")) before "
      + "yesterday: import a newer export (panda import export.zip), or look at that time with "
      + "panda insights --as-of latest (panda config set as-of latest makes it the default)"
  }
}
