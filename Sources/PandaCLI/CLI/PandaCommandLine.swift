import Foundation
import PandaAnalysis
import PandaCore
import PandaDelivery
import PandaStore

/// The `panda` command: parses the command line, runs one command, returns the exit status.
package enum PandaCommandLine {
  /// Every command, in the order the list of commands shows them.
  static let commands: [any PandaCommand.Type] = [
    ImportCommand.self, ReceiveCommand.self, InsightsCommand.self, ReportCommand.self, CacheCommand.self,
    PromptCommand.self, DoctorCommand.self, StatusCommand.self, MetricsCommand.self, SeriesCommand.self,
    ExplainCommand.self, GenerateCommand.self, LogCommand.self, ConfigCommand.self, BudgetCommand.self,
    StatsCommand.self, RelationsCommand.self, AlertsCommand.self, ExportCommand.self, NotifyCommand.self,
    DeliverCommand.self, OutboxCommand.self,
    CompletionsCommand.self, ManCommand.self, HelpCommand.self, MCPCommand.self, AskCommand.self,
  ]

  /// The list of commands and global options.
  static var usage: String { HelpText.general(commands.map { $0.spec }, version: PandaVersion.current.number) }

  /// Runs `arguments` (without the program name) and returns the status to exit with.
  package static func run(_ words: [String], console: Console) async -> ExitCode {
    let arguments = commandFirst(words)
    guard let name = arguments.first else {
      console.error(usage + "\n")
      return .usage
    }
    if !["-h", "--help"].contains(name), leadingGlobalOptions(words) == words.count {
      // Only global options, no command: `panda --db X`.
      console.error(
        "panda: missing command\n\nusage: panda <command> [options]\nrun 'panda help' for the list of commands.\n")
      return .usage
    }
    switch name {
    case "-h", "--help":
      console.output(usage + "\n")
      return .success
    case "--version":
      console.output("panda \(PandaVersion.current.description)\n")
      return .success
    default: break
    }
    guard let command = command(named: name) else {
      let suggestion = Suggestion.nearest(to: name, among: commands.map { $0.spec.name })
      console.error(
        "panda: \(UsageError.unknownCommand(name, suggestion: suggestion))\n\n"
          + "usage: panda <command> [options]\nrun 'panda help' for the list of commands.\n")
      return .usage
    }
    do {
      let parsed = try Arguments(Array(arguments.dropFirst()), command: command.spec)
      if parsed.has(.help) {
        console.output(HelpText.help(command.spec))
        return .success
      }
      return try await command.run(parsed, console: console)
    } catch let error as UsageError {
      console.error(
        "panda: \(error)\n\n\(HelpText.usage(command.spec))\n\n"
          + "run 'panda help \(name)' for what each option does.\n")
      return .usage
    } catch let error as DatabaseError {
      console.error("panda: \(error)\n")
      return status(for: error)
    } catch let error as SchemaError {
      console.error("panda: \(error)\n")
      return status(for: error)
    } catch let error as LLMConfiguration.Problem {
      console.error("panda: \(error)\n")
      return .configuration
    } catch let error as DeliveryError {
      console.error("panda: \(error)\n")
      return status(for: error)
    } catch {
      console.error("panda: \(error)\n")
      return .software
    }
  }

  /// The words with global options given before the command moved after it, so that
  /// `panda --db X import FILE` and `panda -q status` read as `panda import FILE --db X`.
  static func commandFirst(_ words: [String]) -> [String] {
    let count = leadingGlobalOptions(words)
    guard count > 0, count < words.count else { return words }
    return [words[count]] + words[..<count] + words[(count + 1)...]
  }

  /// How many of the first words are global options and their values.
  static func leadingGlobalOptions(_ words: [String]) -> Int {
    let global = OptionSpec.global + [.help]
    var index = 0
    while index < words.count {
      let word = words[index]
      let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
      guard let option = global.first(where: { $0.long == name || $0.short.map { "-\($0)" } == name }) else { break }
      if option.takesValue && !word.contains("=") {
        guard index + 1 < words.count else { break }
        index += 2
      } else {
        index += 1
      }
    }
    return index
  }

  /// The command called `name`.
  static func command(named name: String) -> (any PandaCommand.Type)? {
    commands.first { $0.spec.name == name }
  }

  static func status(for error: DatabaseError) -> ExitCode {
    if error.isBusy || error.isUnfinishedWrite { return .temporaryFailure }
    if error.isCannotWrite { return .cannotCreate }
    if error.isNotADatabase { return .dataError }
    return .ioError
  }

  /// A secret or variable that cannot be used is configuration (78), an unusable URL on the
  /// command line a usage error, an unknown id bad data, a refused message an unavailable service.
  static func status(for error: DeliveryError) -> ExitCode {
    switch error {
    case .invalidSecret, .missingEnvironment: .configuration
    case .invalidURL: .usage
    case .unknownID: .dataError
    case .sendFailed: .unavailable
    }
  }

  /// 66 for a database with nothing imported yet, as for none at all; 65 for one panda cannot use.
  static func status(for error: SchemaError) -> ExitCode {
    if case .empty = error { return .noInput }
    return .dataError
  }
}
