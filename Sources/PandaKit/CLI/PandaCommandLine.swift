import Foundation

/// The `panda` command: parses the command line, runs one command, returns the exit status.
public enum PandaCommandLine {
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
  public static func run(_ words: [String], console: Console) async -> ExitCode {
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
      if parsed.has("help") {
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

/// The insight provider from `--provider` (`PANDA_PROVIDER`, or `provider` in the config file),
/// with `--base-url`, `--model`, `--idle-timeout` and `--verbose`.
enum ProviderOptions {
  /// The providers `--provider` names.
  static let names = ["heuristic", "openai", "ollama", "llamacpp"]

  /// The options that set up the provider, for the commands that build one.
  static let options: [OptionSpec] = [
    OptionSpec(
      "provider", valueName: "NAME", allowed: names, default: "provider in the config file, else heuristic",
      environment: "PANDA_PROVIDER",
      help: "who writes the insights: the offline analyzer, or a chat-completions server (any OpenAI-compatible one)"),
    OptionSpec(
      "base-url", valueName: "URL", default: "base_url in the config file, else the provider's usual address",
      environment: "PANDA_BASE_URL", help: "the chat-completions server, such as http://localhost:11434/v1"),
    OptionSpec(
      "model", valueName: "NAME", default: "model in the config file, else the provider's usual model",
      environment: "PANDA_MODEL", help: "the model to ask"),
    OptionSpec(
      "idle-timeout", valueName: "SECONDS", default: "60", environment: "PANDA_IDLE_TIMEOUT",
      help: "give up on a streamed reply that sends nothing for this long"),
    OptionSpec(
      "verbose", short: "v", kind: .countedFlag,
      help: "log each request on stderr; twice, also the messages (which hold health data)"),
  ]

  /// The idle timeout in milliseconds: `--idle-timeout`, else `PANDA_IDLE_TIMEOUT`, else 60 s.
  static func idleTimeoutMilliseconds(_ arguments: Arguments, environment: [String: String]) throws -> Int {
    let range = 0.1...3_600.0
    if let text = arguments.value("idle-timeout") {
      guard let seconds = Double(text), range.contains(seconds) else {
        throw UsageError.invalidValue(option: "idle-timeout", value: text, expected: "seconds from 0.1 to 3600")
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
    let folder = LLMConfiguration.folder(environment: console.environment)
    let file = LLMConfiguration.parseFile(
      (try? String(contentsOfFile: (folder as NSString).appendingPathComponent("config"), encoding: .utf8)) ?? "")
    let name =
      arguments.value("provider") ?? console.environment["PANDA_PROVIDER"].flatMap { $0.isEmpty ? nil : $0 }
      ?? file["provider"] ?? "heuristic"
    if name == "heuristic" { return (HeuristicProvider(), nil) }
    var flags: [String: String] = [:]
    for option in ["base-url", "model"] { flags[option] = arguments.value(option) }
    var configuration = try LLMConfiguration.resolve(
      provider: name, flags: flags, environment: console.environment, file: file)
    configuration.idleTimeoutMilliseconds = try idleTimeoutMilliseconds(arguments, environment: console.environment)
    let verbosity = arguments.count("verbose")
    let showsProgress = console.errorIsTerminal && !arguments.has("quiet") && verbosity == 0
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

/// A `panda` command: its entry in the command-line table, and what it does with the arguments
/// parsed by it.
protocol PandaCommand: Sendable {
  static var spec: CommandSpec { get }
  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode
}

/// The time zone and source priority from `--timezone` / `PANDA_TIMEZONE` and
/// `--source-priority` / `PANDA_SOURCE_PRIORITY`.
enum DailyContextOptions {
  /// Flags first, then the environment, then the settings file (`timezone`, `source.priority`).
  static func context(_ arguments: Arguments, environment: [String: String]) throws(UsageError) -> DailyContext {
    var zone = TimeZone.current
    let settings = Settings.load(environment: environment)
    if let name = arguments.value("timezone") ?? environment["PANDA_TIMEZONE"], !name.isEmpty {
      guard let named = TimeZone(identifier: name) else {
        throw .invalidValue(option: "timezone", value: name, expected: "a time zone name such as Europe/Berlin")
      }
      zone = named
    } else if let name = settings.value("timezone"), let named = TimeZone(identifier: name) {
      zone = named
    }
    let priority =
      arguments.value("source-priority") ?? environment["PANDA_SOURCE_PRIORITY"] ?? settings.value("source.priority")
      ?? ""
    return DailyContext(zone: zone, priority: SourcePriority(list: priority))
  }

  /// Today in the context's time zone.
  static func today(in context: DailyContext) -> CalendarDay {
    LocalDay.day(of: Int64(Date().timeIntervalSince1970), in: context.zone)
  }

  /// The day `option` names, else `fallback`. A day after `today` has no data yet: it becomes
  /// today, with a note on standard error, so that a range typed the usual way ("to the end of the
  /// year") works.
  static func day(
    _ arguments: Arguments, _ option: String, default fallback: CalendarDay, notAfter today: CalendarDay,
    console: Console
  ) throws(UsageError) -> CalendarDay {
    guard let day = try day(arguments, option) else { return fallback }
    guard day > today else { return day }
    console.error("panda: --\(option) \(day.iso) is after today; using today, \(today.iso)\n")
    return today
  }

  /// `--as-of`, `--from` and `--to`: the day looked from and the days looked at, `defaultLength`
  /// days up to the day before `--as-of` unless given. An `--as-of` or `--to` after `today`
  /// becomes today, with a note on standard error, as in `day(_:_:default:notAfter:console:)`.
  static func window(
    _ arguments: Arguments, today: CalendarDay, defaultLength: Int, console: Console
  ) throws(UsageError) -> (asOf: CalendarDay, window: ClosedRange<CalendarDay>) {
    let asOf = try day(arguments, "as-of", default: today, notAfter: today, console: console)
    let to = try day(arguments, "to", default: asOf.adding(days: -1), notAfter: today, console: console)
    let from = try DailyContextOptions.day(arguments, "from") ?? to.adding(days: 1 - defaultLength)
    guard from <= to else {
      throw .invalidValue(option: "from", value: from.iso, expected: "a day on or before --to (\(to.iso))")
    }
    return (asOf, from...to)
  }

  /// Parses a `YYYY-MM-DD` option value.
  static func day(_ arguments: Arguments, _ option: String) throws(UsageError) -> CalendarDay? {
    guard let text = arguments.value(option) else { return nil }
    guard let day = CalendarDay(iso: text) else {
      throw .invalidValue(option: option, value: text, expected: "a date as YYYY-MM-DD")
    }
    return day
  }
}

/// Where the database lives and how to open it.
enum DatabaseLocation {
  /// `--db`, else `PANDA_DB`, else `$XDG_DATA_HOME/panda/panda.sqlite` (`~/.local/share/panda/…`).
  static func path(_ arguments: Arguments, environment: [String: String]) -> String {
    if let path = arguments.value("db") ?? environment["PANDA_DB"], !path.isEmpty { return path }
    let dataHome =
      environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".local/share")
    return (dataHome as NSString).appendingPathComponent("panda/panda.sqlite")
  }

  /// The database's path if it exists; otherwise `nil`, after telling the user how to start.
  static func existingPath(_ arguments: Arguments, console: Console) -> String? {
    let path = path(arguments, environment: console.environment)
    guard FileManager.default.fileExists(atPath: path) else {
      console.error("panda: no database at \(path) yet. Import an export first: panda import export.zip\n")
      return nil
    }
    return path
  }

  /// Opens an existing database read-only, for commands that only read. Daily values computed
  /// for another zone or source priority are computed again for this run, in memory: the file
  /// is left as it was.
  static func openForReading(_ path: String, context: DailyContext) throws -> Database {
    let database = try openForReading(path)
    let dailyValues = DailyValueStore(database: database, context: context)
    if try !dailyValues.isCurrent() { try dailyValues.computeForThisConnection() }
    return database
  }

  /// Opens an existing database read-only.
  static func openForReading(_ path: String) throws -> Database {
    do {
      return try Database.openPandaForReading(at: path)
    } catch let error as DatabaseError {
      throw DatabaseError(code: error.code, message: "\(path): \(error.message)", sql: error.sql)
    }
  }

  /// Opens an existing database with daily values brought up to date for `context`, writing
  /// them: only for a command that holds the run lock.
  static func openExisting(_ path: String, context: DailyContext) throws -> Database {
    let database = try open(path)
    let dailyValues = DailyValueStore(database: database, context: context)
    if try !dailyValues.isCurrent() {
      try database.transaction { try dailyValues.bringUpToDate() }
    }
    return database
  }

  /// Opens the database at `path`, creating it and its folder on first use, and migrates it.
  /// While another connection holds the write lock it waits up to `busyWait` seconds, or until
  /// `isCancelled` says to stop.
  static func open(
    _ path: String, busyWait: Double = 5, isCancelled: @escaping @Sendable () -> Bool = { false }
  ) throws -> Database {
    try createFolder(for: path)
    let database: Database
    do {
      database = try Database.openPanda(at: path, busyWait: busyWait, isCancelled: isCancelled)
    } catch let error as DatabaseError {
      throw DatabaseError(code: error.code, message: "\(path): \(error.message)", sql: error.sql)
    }
    return database
  }

  /// Creates the folder the database at `path` lives in, if it does not exist yet.
  static func createFolder(for path: String) throws(DatabaseError) {
    let folder = (path as NSString).deletingLastPathComponent
    guard !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) else { return }
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw DatabaseError(code: 14, message: "cannot create the folder \(folder)", sql: nil)
    }
  }

  /// How long to wait for another run on the same database: `PANDA_LOCK_WAIT` seconds, default 10.
  static func lockWait(_ environment: [String: String]) -> Double {
    Double(environment["PANDA_LOCK_WAIT"] ?? "").flatMap { $0 >= 0 && $0.isFinite ? $0 : nil } ?? 10
  }

  /// Opens the database at `path` for a command that writes, under the run lock, which the
  /// caller keeps as long as it uses the database; `nil`, after saying so, when another run
  /// still holds the lock after `lockWait` seconds.
  static func openLocked(_ path: String, console: Console) throws -> (database: Database, lock: RunLock)? {
    try createFolder(for: path)
    guard let lock = try runLock(for: path, console: console) else { return nil }
    return (try open(path, busyWait: lockWait(console.environment)), lock)
  }

  /// Opens the existing database at `path` read-only for a command that only reads, or for one
  /// that `writes` under the run lock (see `openLocked`, which creates it if need be); `nil`,
  /// after saying so, when another run still holds the lock after `lockWait` seconds.
  static func open(
    _ path: String, writing writes: Bool, console: Console
  ) throws -> (database: Database, lock: RunLock?)? {
    guard writes else { return (try openForReading(path), nil) }
    return try openLocked(path, console: console).map { ($0.database, $0.lock) }
  }

  /// Takes the run lock for the database at `path`, waiting `lockWait` seconds; `nil`, after
  /// saying so, if another run still holds it or `isCancelled` turned `true` meanwhile.
  static func runLock(
    for path: String, console: Console, isCancelled: () -> Bool = { false }
  ) throws -> RunLock? {
    let wait = lockWait(console.environment)
    if let lock = try RunLock.acquire(for: path, waitingUpTo: wait, isCancelled: isCancelled) { return lock }
    if !isCancelled() {
      console.error(
        "panda: another panda run is using \(path) and did not finish within \(Int(wait)) s; try again later.\n")
    }
    return nil
  }
}

extension Int {
  /// The number with thousands separators: `1,234,567`.
  var grouped: String {
    let digits = String(magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return (self < 0 ? "-" : "") + result
  }

  /// The number, grouped, with the noun that fits it: `1 record`, `1,204 records`.
  func counted(_ singular: String, _ plural: String) -> String {
    "\(grouped) \(self == 1 ? singular : plural)"
  }
}
