import Foundation
import PandaAnalysis
import PandaCore
import PandaStore

/// The insight provider from `--provider` (`PANDA_PROVIDER`, or `provider` in the config file),
/// with `--base-url`, `--model`, `--idle-timeout` and `--verbose`.
enum ProviderOptions {
  /// The providers `--provider` names.
  static let names = ["heuristic", "openai", "ollama", "llamacpp"]

  /// `--provider NAME`.
  static let providerName = OptionSpec(
    "provider", valueName: "NAME", allowed: names, default: "provider in the config file, else heuristic",
    environment: "PANDA_PROVIDER",
    help: "who writes the insights: the offline analyzer, or a chat-completions server (any OpenAI-compatible one)")
  /// `--base-url URL`.
  static let baseURL = OptionSpec(
    "base-url", valueName: "URL", default: "base_url in the config file, else the provider's usual address",
    environment: "PANDA_BASE_URL", help: "the chat-completions server, such as http://localhost:11434/v1")
  /// `--model NAME`.
  static let model = OptionSpec(
    "model", valueName: "NAME", default: "model in the config file, else the provider's usual model",
    environment: "PANDA_MODEL", help: "the model to ask")
  /// `--idle-timeout SECONDS`.
  static let idleTimeout = OptionSpec(
    "idle-timeout", valueName: "SECONDS", default: "60", environment: "PANDA_IDLE_TIMEOUT",
    help: "give up on a streamed reply that sends nothing for this long")
  /// `-v, --verbose`, counted.
  static let verbose = OptionSpec(
    "verbose", short: "v", kind: .countedFlag,
    help: "log each request on stderr; twice, also the messages (which hold health data)")

  /// The options that set up the provider, for the commands that build one.
  static let options: [OptionSpec] = [providerName, baseURL, model, idleTimeout, verbose]

  /// The idle timeout in milliseconds: `--idle-timeout`, else `PANDA_IDLE_TIMEOUT`, else 60 s.
  static func idleTimeoutMilliseconds(_ arguments: Arguments, environment: [String: String]) throws -> Int {
    let range = 0.1...3_600.0
    if let text = arguments.value(idleTimeout) {
      guard let seconds = Double(text), range.contains(seconds) else {
        throw UsageError.invalidValue(option: idleTimeout.name, value: text, expected: "seconds from 0.1 to 3600")
      }
      return Int((seconds * 1_000).rounded())
    }
    if let text = environment["PANDA_IDLE_TIMEOUT"], !text.isEmpty {
      guard let seconds = Double(text), range.contains(seconds) else {
        throw LLMConfiguration.Problem.invalidIdleTimeout(text)
      }
      return Int((seconds * 1_000).rounded())
    }
    return 60_000
  }

  /// The configured provider: the heuristic analyzer, or a chat-completions client set up from
  /// flags, environment and config file, remembering what its endpoint accepts in `database`.
  static func provider(
    _ arguments: Arguments, console: Console, database: Database?
  ) throws -> (any LLMProvider, ChatCompletionsProvider?) {
    let folder = SettingsFile.folder(environment: console.environment)
    let file = SettingsFile.read(at: SettingsFile.path(in: folder)).values
    let name =
      arguments.value(providerName) ?? console.environment["PANDA_PROVIDER"].flatMap { $0.isEmpty ? nil : $0 }
      ?? file["provider"] ?? "heuristic"
    if name == "heuristic" { return (HeuristicProvider(), nil) }
    var flags: [String: String] = [:]
    for option in [baseURL, model] { flags[option.name] = arguments.value(option) }
    var configuration = try LLMConfiguration.resolve(
      provider: name, flags: flags, environment: console.environment, file: file)
    configuration.idleTimeoutMilliseconds = try idleTimeoutMilliseconds(arguments, environment: console.environment)
    let verbosity = arguments.count(verbose)
    let showsProgress = console.errorIsTerminal && !arguments.has(.quiet) && verbosity == 0
    let progress: @Sendable (String) -> Void = { line in console.error("\r\u{1B}[2K" + line) }
    let remembered = try database.flatMap {
      try CapabilityStore(database: $0).structuredOutput(
        endpoint: configuration.baseURL, model: configuration.model)
    }
    let chat = ChatCompletionsProvider(
      configuration: configuration,
      templates: PromptTemplates(overrideFolder: (folder as NSString).appendingPathComponent("prompts")),
      remembered: remembered,
      log: LLMLog(verbosity: verbosity) { line in console.error("panda: \(line)\n") },
      progress: showsProgress ? progress : nil)
    return (chat, chat)
  }
}
