import Foundation

/// The `panda` command: parses the command line, runs one command, returns the exit status.
public enum PandaCommandLine {
  static let version = "0.1.0"

  static let usage = """
    usage: panda <command> [options]

    commands:
      import PATH...        import an Apple Health export (export.zip, export.xml or its folder)
      insights              how each category is going today, this week, this month
      cache list|clear      the stored insights
      prompt                the messages an LLM provider would be sent, without sending them
      doctor                check the database and the configured provider
      status                what the database holds, per category and metric
      metrics               every metric for one day, like a dashboard
      series METRIC         the daily values of one metric
      generate OUTPUT       write a synthetic export (for trying panda and for benchmarks)
      log TYPE QUANTITY     log water, food, weight, mindful minutes… by hand; log list|edit|delete|undo
      config get|set|unset|list   the settings (budget, goals, units, zone, source priority, provider)
      budget                the calorie budget: eaten and remaining, for a day or a week
      stats METRIC          total, mean, min and max of a metric over a period, per week or month
      export daily|samples  daily values as a table, or every stored sample, as CSV or JSON
      notify add|list|remove|test   where insights are delivered (webhook, ntfy, e-mail, HA, MQTT)
      deliver               send the queued deliveries that are due (for cron)
      outbox [list]|retry|purge     the queued deliveries and their state

    global options:
      --db PATH             the database (env PANDA_DB; default ~/.local/share/panda/panda.sqlite)
      --timezone ZONE       the zone days are counted in (env PANDA_TIMEZONE; default the system's)
      --source-priority A,B sources or devices to trust first where they overlap (env PANDA_SOURCE_PRIORITY)
      --format FORMAT       output format (text or json; csv for series)
      -q, --quiet           no progress and no summary
      -h, --help            this help
      --version             panda's version

    run 'panda <command> --help' for a command's options.
    """

  /// Runs `arguments` (without the program name) and returns the status to exit with.
  public static func run(_ words: [String], console: Console) async -> ExitCode {
    let arguments = commandFirst(words)
    guard let name = arguments.first else {
      console.error(usage + "\n")
      return .usage
    }
    do {
      switch name {
      case "help" where arguments.count > 1:
        guard let command = command(named: arguments[1]) else { throw UsageError.unknownCommand(arguments[1]) }
        console.output(command.help + "\n")
        return .success
      case "-h", "--help", "help":
        console.output(usage + "\n")
        return .success
      case "--version":
        console.output("panda \(version)\n")
        return .success
      default:
        guard let command = command(named: name) else { throw UsageError.unknownCommand(name) }
        let parsed = try parse(Array(arguments.dropFirst()), options: command.options, flags: command.flags)
        if parsed.has("help") {
          console.output(command.help + "\n")
          return .success
        }
        return try await command.run(parsed, console: console)
      }
    } catch let error as UsageError {
      console.error("panda: \(error)\n\n\(usage)\n")
      return .usage
    } catch let error as DatabaseError {
      console.error("panda: \(error)\n")
      return status(for: error)
    } catch let error as SchemaError {
      console.error("panda: \(error)\n")
      return .dataError
    } catch let error as LLMConfiguration.Problem {
      console.error("panda: \(error)\n")
      return .configuration
    } catch {
      console.error("panda: \(error)\n")
      return .software
    }
  }

  /// The words with global options given before the command moved after it, so that
  /// `panda --db X import FILE` and `panda -q status` read as `panda import FILE --db X`.
  static func commandFirst(_ words: [String]) -> [String] {
    let valued: Set<String> = ["--db", "--format", "--timezone", "--source-priority"]
    let flags: Set<String> = ["-q", "--quiet"]
    var leading: [String] = []
    var index = 0
    while index < words.count {
      let word = words[index]
      let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
      if valued.contains(word), index + 1 < words.count {
        leading += [word, words[index + 1]]
        index += 2
      } else if flags.contains(word) || (word.contains("=") && valued.contains(name)) {
        leading.append(word)
        index += 1
      } else {
        break
      }
    }
    guard !leading.isEmpty, index < words.count else { return words }
    return [words[index]] + leading + words[(index + 1)...]
  }

  private static func command(named name: String) -> (any PandaCommand.Type)? {
    switch name {
    case "import": ImportCommand.self
    case "insights": InsightsCommand.self
    case "cache": CacheCommand.self
    case "status": StatusCommand.self
    case "metrics": MetricsCommand.self
    case "series": SeriesCommand.self
    case "generate": GenerateCommand.self
    case "prompt": PromptCommand.self
    case "doctor": DoctorCommand.self
    case "log": LogCommand.self
    case "config": ConfigCommand.self
    case "budget": BudgetCommand.self
    case "stats": StatsCommand.self
    case "export": ExportCommand.self
    case "notify": NotifyCommand.self
    case "deliver": DeliverCommand.self
    case "outbox": OutboxCommand.self
    default: nil
    }
  }

  static func status(for error: DatabaseError) -> ExitCode {
    if error.isBusy { return .temporaryFailure }
    if error.isCannotWrite { return .cannotCreate }
    return .ioError
  }

  /// Parses a command's words, adding the global options and flags.
  static func parse(_ words: [String], options: Set<String> = [], flags: Set<String> = []) throws(UsageError)
    -> Arguments
  {
    try Arguments(
      words,
      spec: .init(
        options: options.union(["db", "format", "timezone", "source-priority"]), flags: flags.union(["quiet", "help"])))
  }

  /// The `--format` value, checked against what the command supports.
  static func format(_ arguments: Arguments, allowed: [String] = ["text", "json"]) throws(UsageError) -> String {
    let format = arguments.value("format") ?? "text"
    guard allowed.contains(format) else {
      throw .invalidValue(option: "format", value: format, expected: allowed.joined(separator: " or "))
    }
    return format
  }
}

/// The insight provider from `--provider` (`PANDA_PROVIDER`, or `provider` in the config file),
/// with `--base-url`, `--model` and `--verbose`.
enum ProviderOptions {
  static let options: Set<String> = ["provider", "base-url", "model"]
  static let flags: Set<String> = ["verbose"]

  /// The configured provider: the heuristic analyzer, or a chat-completions client set up from
  /// flags, environment and config file, remembering what its endpoint accepts in `database`.
  static func provider(
    _ arguments: Arguments, console: Console, database: Database?
  ) throws -> (any LLMProvider, ChatCompletionsProvider?) {
    let known = ["heuristic", "openai", "ollama", "llamacpp"]
    if let flag = arguments.value("provider"), !known.contains(flag) {
      throw UsageError.invalidValue(option: "provider", value: flag, expected: known.joined(separator: ", "))
    }
    let folder = LLMConfiguration.folder(environment: console.environment)
    let file = LLMConfiguration.parseFile(
      (try? String(contentsOfFile: (folder as NSString).appendingPathComponent("config"), encoding: .utf8)) ?? "")
    let name =
      arguments.value("provider") ?? console.environment["PANDA_PROVIDER"].flatMap { $0.isEmpty ? nil : $0 }
      ?? file["provider"] ?? "heuristic"
    if name == "heuristic" { return (HeuristicProvider(), nil) }
    var flags: [String: String] = [:]
    for option in ["base-url", "model"] { flags[option] = arguments.value(option) }
    let configuration = try LLMConfiguration.resolve(
      provider: name, flags: flags, environment: console.environment, file: file)
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

/// A `panda` command: its help, the options and flags it takes beyond the global ones, and what
/// it does with them.
protocol PandaCommand {
  static var help: String { get }
  static var options: Set<String> { get }
  static var flags: Set<String> { get }
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
  static func open(_ path: String) throws -> Database {
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) {
      do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      } catch {
        throw DatabaseError(code: 14, message: "cannot create the folder \(folder)", sql: nil)
      }
    }
    let database: Database
    do {
      database = try Database.openPanda(at: path)
    } catch let error as DatabaseError {
      throw DatabaseError(code: error.code, message: "\(path): \(error.message)", sql: error.sql)
    }
    return database
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
}
