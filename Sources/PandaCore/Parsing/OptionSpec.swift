/// One option as the command-line table describes it: how it is spelled, what it takes, and the
/// line that explains it. Parsing, help, completions and the man page are all read from it.
package struct OptionSpec: Sendable, Equatable {
  /// What follows the option on the command line.
  package enum Kind: Sendable, Equatable {
    /// `--refresh`: present or not.
    case flag
    /// `--verbose --verbose`: how often it was given counts.
    case countedFlag
    /// `--date 2025-06-01`: one value; given twice, the last wins.
    case value
    /// `--category sleep --category activity`: every value given counts.
    case repeatedValue
  }

  /// The long name without dashes: `db` for `--db`.
  package var name: String
  /// A single-letter alias: `q` for `-q`.
  package var short: Character?
  package var kind: Kind
  /// What the value is, as the help shows it: `PATH`, `YYYY-MM-DD`.
  var valueName: String
  /// The only values accepted; empty when any value is (then checked by the command itself).
  var allowed: [String]
  /// Values a shell completes, when any value is accepted but these are the usual ones.
  var completions: [String] = []
  /// The value used when the option is not given, as the help shows it.
  var defaultValue: String?
  /// The environment variable read when the option is not given.
  package var environment: String?
  /// What the option does, one line.
  package var help: String
  /// Whether the form cannot run without it (`prompt --category`).
  var isRequired: Bool

  package init(
    _ name: String, short: Character? = nil, kind: Kind = .value, valueName: String = "", allowed: [String] = [],
    default defaultValue: String? = nil, environment: String? = nil, isRequired: Bool = false,
    help: String
  ) {
    self.name = name
    self.short = short
    self.kind = kind
    self.valueName = valueName
    self.allowed = allowed
    self.defaultValue = defaultValue
    self.environment = environment
    self.help = help
    self.isRequired = isRequired
  }

  /// Whether a value follows the option.
  package var takesValue: Bool { kind == .value || kind == .repeatedValue }

  /// `--db`.
  package var long: String { "--" + name }

  /// The value as the help writes it: the allowed values when they are few, else the value's name.
  var placeholder: String {
    guard takesValue else { return "" }
    let choices = allowed.joined(separator: "|")
    return allowed.isEmpty || choices.count > 32 ? valueName : choices
  }

  /// `-q, --quiet`, `--format text|json`, `--category CATEGORY...`.
  var spelling: String {
    var text = (short.map { "-\($0), " } ?? "") + long
    if takesValue { text += " " + placeholder }
    if kind == .repeatedValue || kind == .countedFlag { text += "..." }
    return text
  }

  /// How a synopsis shows it: `--category CATEGORY`, `[--db PATH]`, `[--verbose]...`.
  var synopsis: String {
    let bare = long + (takesValue ? " " + placeholder : "")
    let repeated = kind == .repeatedValue || kind == .countedFlag ? "..." : ""
    return isRequired ? bare + repeated : "[\(bare)]" + repeated
  }

  /// The help line with the allowed values (when the placeholder does not show them), the
  /// default and the environment variable.
  var fullHelp: String {
    var notes: [String] = []
    if takesValue && placeholder != allowed.joined(separator: "|") && !allowed.isEmpty {
      notes.append("one of " + allowed.joined(separator: ", "))
    }
    if let defaultValue { notes.append("default " + defaultValue) }
    if let environment { notes.append("env " + environment) }
    if kind == .repeatedValue { notes.append("may be repeated") }
    return notes.isEmpty ? help : "\(help) (\(notes.joined(separator: "; ")))"
  }

  /// The option with `values` offered by shell completion, any value still accepted.
  package func completing(_ values: [String]) -> OptionSpec {
    var option = self
    option.completions = values
    return option
  }
}

extension OptionSpec {
  /// `--db PATH`.
  package static let database = OptionSpec(
    "db", valueName: "PATH", default: "$XDG_DATA_HOME/panda/panda.sqlite, ~/.local/share/panda/panda.sqlite",
    environment: "PANDA_DB", help: "the database")
  /// `--timezone ZONE`.
  package static let timeZone = OptionSpec(
    "timezone", valueName: "ZONE",
    default: "timezone in the config file, else the zone your data points to, else the system's",
    environment: "PANDA_TIMEZONE", help: "the zone days are counted in, such as Europe/Berlin")
  /// `--source-priority A,B`.
  package static let sourcePriority = OptionSpec(
    "source-priority", valueName: "A,B", default: "source.priority in the config file",
    environment: "PANDA_SOURCE_PRIORITY", help: "sources or devices to trust first where they overlap")
  /// `-q, --quiet`.
  package static let quiet = OptionSpec("quiet", short: "q", kind: .flag, help: "no progress and no summary")
  /// `--replace`, for `panda import`.
  package static let replace = OptionSpec(
    "replace", kind: .flag,
    help: "take the export as the truth: remove the stored records it lacks, however many")
  /// `--add`, for `panda import`.
  package static let add = OptionSpec(
    "add", kind: .flag, help: "add the export's records alongside the stored ones and remove nothing")
  /// `-h, --help`, taken by every command.
  package static let help = OptionSpec("help", short: "h", kind: .flag, help: "this help")
  /// `--version`, given instead of a command.
  static let version = OptionSpec(
    "version", kind: .flag, help: "panda's version and the commit it was built from")

  /// `--format`, with the formats a command can write; the first is the default.
  package static func format(_ formats: [OutputFormat]) -> OptionSpec {
    OptionSpec(
      "format", valueName: "FORMAT", allowed: formats.map(\.rawValue), default: formats.first?.rawValue,
      help: "the output format")
  }

  /// The options that may also be given before the command (`panda --db X import FILE`); each
  /// command still takes only those it uses.
  package static let global: [OptionSpec] = [database, timeZone, sourcePriority, format([.text, .json]), quiet]
}
