import Foundation
import PandaCore

/// `panda config get|set|unset|list`: the settings in `$XDG_CONFIG_HOME/panda/config`.
package enum ConfigCommand: PandaCommand {
  package static let spec = CommandSpec(
    "config", summary: "the settings: budget, goals, units, zone, source priority, provider",
    forms: [
      .init("get", operands: "KEY", operandValues: SettingsCatalogue.all.map(\.name)),
      .init("set", operands: "KEY VALUE", operandValues: SettingsCatalogue.all.map(\.name)),
      .init("unset", operands: "KEY", operandValues: SettingsCatalogue.all.map(\.name)),
      .init("list", options: [.format([.text, .json])]),
    ],
    details: """
      Settings live in $XDG_CONFIG_HOME/panda/config (~/.config/panda/config), one 'key = value' a
      line; comments and lines panda does not know are kept. Flags and environment variables win over
      the file. Secrets (api_key) are never printed. Keys:
      \(SettingsCatalogue.all.map { "  \($0.name.padding(toLength: 18, withPad: " ", startingAt: 0))\($0.accepted)" }.joined(separator: "\n"))
      """)

  /// A setting as `config list --format json` shows it.
  package struct Listed: Encodable {
    package var key: String
    /// The value, `null` when unset; a secret shows only whether it is set.
    package var value: String?
    var isSet: Bool
    package var unit: String?
    package var accepts: String
    package var summary: String

    package enum CodingKeys: String, CodingKey {
      case key, value, unit, accepts, summary
      case isSet = "set"
    }
  }

  package static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    let words = arguments.positionals
    let path = SettingsFile.path(in: SettingsFile.folder(environment: console.environment))
    do {
      switch (words.first, words.count) {
      case ("get", 2):
        let key = try SettingsCatalogue.key(words[1])
        guard let value = SettingsFile.read(at: path).values[key.name] else {
          console.error("panda: \(key.name) is not set\n")
          return .failure
        }
        console.output((key.isSecret ? "(set, hidden)" : value) + "\n")
        return .success
      case ("set", 3):
        let key = try SettingsCatalogue.key(words[1])
        let value = try SettingsCatalogue.validate(words[2], for: key)
        var file = SettingsFile.read(at: path)
        file.set(key.name, to: value)
        try file.write(to: path)
        if !arguments.has("quiet") {
          console.output(
            key.isSecret ? "Set \(key.name).\n" : "Set \(key.name) = \(value)\(key.unit.map { " " + $0 } ?? "").\n")
        }
        return .success
      case ("unset", 2):
        let key = try SettingsCatalogue.key(words[1])
        var file = SettingsFile.read(at: path)
        if file.unset(key.name) {
          try file.write(to: path)
          if !arguments.has("quiet") { console.output("Unset \(key.name).\n") }
        } else {
          console.output("\(key.name) was not set.\n")
        }
        return .success
      case ("list", 1):
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
      case (let action?, _) where ["get", "set", "unset", "list"].contains(action):
        throw UsageError.missingArgument(action == "set" ? "KEY and VALUE" : action == "list" ? "nothing more" : "KEY")
      default:
        throw UsageError.missingArgument("get, set, unset or list")
      }
    } catch let error as SettingsError {
      console.error("panda: \(error)\n")
      if case .unwritable = error { return .cannotCreate }
      return .usage
    }
  }
}
