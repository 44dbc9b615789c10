import Foundation
import PandaCore

/// `panda config get|set|unset|list`: the settings in `$XDG_CONFIG_HOME/panda/config`.
enum ConfigCommand: PandaCommand {
  static let spec = CommandSpec(
    "config", summary: "the settings: budget, goals, units, zone, source priority, provider",
    forms: [
      .init(Action.get.rawValue, operands: "KEY", operandValues: SettingsCatalogue.all.map(\.name)),
      .init(Action.set.rawValue, operands: "KEY VALUE", operandValues: SettingsCatalogue.all.map(\.name)),
      .init(Action.unset.rawValue, operands: "KEY", operandValues: SettingsCatalogue.all.map(\.name)),
      .init(Action.list.rawValue, options: [.format([.text, .json])]),
    ],
    details: """
      Settings live in $XDG_CONFIG_HOME/panda/config (~/.config/panda/config), one 'key = value' a
      line; comments and lines panda does not know are kept. Flags and environment variables win over
      the file. Secrets (api_key) are never printed. Keys:
      \(SettingsCatalogue.all.map { "  \($0.name.padding(toLength: 18, withPad: " ", startingAt: 0))\($0.accepted)" }.joined(separator: "\n"))
      """)

  /// What `panda config` does: its subcommands.
  enum Action: String, CaseIterable {
    /// `config get KEY`.
    case get
    /// `config set KEY VALUE`.
    case set
    /// `config unset KEY`.
    case unset
    /// `config list`.
    case list

    /// How many words the action takes, itself included.
    var wordCount: Int {
      switch self {
      case .get, .unset: 2
      case .set: 3
      case .list: 1
      }
    }

    /// What is missing when the action is given the wrong number of words.
    var operands: String {
      switch self {
      case .get, .unset: "KEY"
      case .set: "KEY and VALUE"
      case .list: "nothing more"
      }
    }
  }

  /// A setting as `config list --format json` shows it.
  struct Listed: Encodable {
    var key: String
    /// The value, `null` when unset; a secret shows only whether it is set.
    var value: String?
    var isSet: Bool
    var unit: String?
    var accepts: String
    var summary: String

    enum CodingKeys: String, CodingKey {
      case key, value, unit, accepts, summary
      case isSet = "set"
    }
  }

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    let words = arguments.positionals
    let path = SettingsFile.path(in: SettingsFile.folder(environment: console.environment))
    guard let action = words.first.flatMap(Action.init(rawValue:)) else {
      throw UsageError.missingArgument(CommandSpec.list(Action.allCases.map(\.rawValue)))
    }
    guard words.count == action.wordCount else { throw UsageError.missingArgument(action.operands) }
    do {
      switch action {
      case .get:
        let key = try SettingsCatalogue.key(words[1])
        guard let value = SettingsFile.read(at: path).values[key.name] else {
          console.error("panda: \(key.name) is not set\n")
          return .failure
        }
        console.output((key.isSecret ? "(set, hidden)" : value) + "\n")
        return .success
      case .set:
        let key = try SettingsCatalogue.key(words[1])
        let value = try SettingsCatalogue.validate(words[2], for: key)
        var file = SettingsFile.read(at: path)
        file.set(key.name, to: value)
        try file.write(to: path)
        if !arguments.has(.quiet) {
          console.output(
            key.isSecret ? "Set \(key.name).\n" : "Set \(key.name) = \(value)\(key.unit.map { " " + $0 } ?? "").\n")
        }
        return .success
      case .unset:
        let key = try SettingsCatalogue.key(words[1])
        var file = SettingsFile.read(at: path)
        if file.unset(key.name) {
          try file.write(to: path)
          if !arguments.has(.quiet) { console.output("Unset \(key.name).\n") }
        } else {
          console.output("\(key.name) was not set.\n")
        }
        return .success
      case .list:
        let format = arguments.format
        let values = SettingsFile.read(at: path).values
        let listed = SettingsCatalogue.all.map { key in
          Listed(
            key: key.name, value: key.isSecret ? nil : values[key.name], isSet: values[key.name] != nil, unit: key.unit,
            accepts: key.accepted, summary: key.summary)
        }
        if format == .json {
          console.output(try JSONOutput.string(listed) + "\n")
        } else {
          var text = "Settings in \(path):\n"
          for entry in listed {
            let shown =
              entry.isSet ? (entry.value.map { $0 + (entry.unit.map { " " + $0 } ?? "") } ?? "(set, hidden)") : "—"
            text +=
              "  \(entry.key.padding(toLength: 18, withPad: " ", startingAt: 0))\(shown.padding(toLength: 18, withPad: " ", startingAt: 0))  \(entry.summary)\n"
          }
          console.output(text)
        }
        return .success
      }
    } catch let error as SettingsError {
      console.error("panda: \(error)\n")
      if case .unwritable = error { return .cannotCreate }
      return .usage
    }
  }
}
