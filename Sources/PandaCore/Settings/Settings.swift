/// The settings in effect: the file's values, read through the declared keys.
package struct Settings: Sendable, Equatable {
  /// The raw `key = value` pairs of the settings file.
  let values: [String: String]

  /// Settings from raw `key = value` pairs.
  init(values: [String: String]) {
    self.values = values
  }

  /// The settings read from `$XDG_CONFIG_HOME/panda/config`.
  package static func load(environment: [String: String]) -> Settings {
    Settings(
      values: SettingsFile.read(at: SettingsFile.path(in: SettingsFile.folder(environment: environment))).values)
  }

  /// The value of `name` if it is set and valid; a value edited by hand into something the key
  /// does not accept counts as unset.
  package func value(_ name: String) -> String? {
    guard let raw = values[name], let key = try? SettingsCatalogue.key(name) else { return nil }
    return try? SettingsCatalogue.validate(raw, for: key)
  }

  /// The units text output is shown in (`units`); metric unless set to imperial.
  package var displayUnits: DisplayUnits { value("units").flatMap(DisplayUnits.init(rawValue:)) ?? .metric }

  /// A numeric setting in its key's unit.
  package func number(_ name: String) -> Double? { value(name).flatMap(Double.init) }
}
