import Foundation
import PandaCore
import PandaStore

/// The zone days are counted in and where it came from: `--timezone`, `PANDA_TIMEZONE`, the
/// settings file, the zone the data points to (stored with the database at import), or this
/// machine's zone, in that order.
struct ZoneSetting {
  /// Where the zone came from.
  enum Origin: String {
    case option, environment, settings, data, system
  }

  var zone: TimeZone
  var origin: Origin
  /// How the zone was chosen from the data, when it was.
  var choice: ZoneInference.Choice?

  /// Whether the person named the zone.
  var isGiven: Bool { origin == .option || origin == .environment || origin == .settings }

  /// The zone for a run: the flag, the environment, the settings file, then the zone stored with
  /// the database at `databasePath` (read only if the file exists), then `system`.
  static func resolve(
    _ arguments: Arguments, environment: [String: String], databasePath: String?, system: TimeZone = .current
  ) throws(UsageError) -> ZoneSetting {
    if let name = arguments.value(.timeZone) ?? environment["PANDA_TIMEZONE"], !name.isEmpty {
      guard let named = TimeZone(identifier: name) else {
        throw .invalidValue(
          option: OptionSpec.timeZone.name, value: name, expected: "a time zone name such as Europe/Berlin")
      }
      return ZoneSetting(zone: named, origin: arguments.value(.timeZone) != nil ? .option : .environment)
    }
    if let name = Settings.load(environment: environment).value("timezone"), let named = TimeZone(identifier: name) {
      return ZoneSetting(zone: named, origin: .settings)
    }
    if let databasePath, FileManager.default.fileExists(atPath: databasePath),
      let database = try? Database(path: databasePath, readOnly: true), let choice = ZoneStore.choice(in: database),
      let zone = TimeZone(identifier: choice.identifier)
    {
      return ZoneSetting(zone: zone, origin: .data, choice: choice)
    }
    return ZoneSetting(zone: system, origin: .system)
  }

  /// The zone as `status` reports it.
  var inUse: StatusReport.TimeZoneInUse {
    StatusReport.TimeZoneInUse(
      name: zone.identifier, source: origin.rawValue, matchedDays: choice?.matched, observedDays: choice?.observed)
  }

  /// One sentence on the zone, for `import`, `status` and `doctor`.
  var sentence: String { Self.sentence(inUse) }

  /// One sentence on the zone `zone` says.
  static func sentence(_ zone: StatusReport.TimeZoneInUse) -> String {
    let name = zone.name
    switch Origin(rawValue: zone.source) ?? .system {
    case .option: return "Days are counted in \(name), as --timezone says."
    case .environment: return "Days are counted in \(name), as PANDA_TIMEZONE says."
    case .settings: return "Days are counted in \(name), as the settings file's timezone says."
    case .data:
      if let matched = zone.matchedDays, let observed = zone.observedDays, matched < observed {
        return "Days are counted in \(name), the zone of \(matched) of the \(observed) days your data's dates "
          + "were written in; --timezone to change."
      }
      return "Days are counted in \(name), the zone your export was made in; --timezone to change."
    case .system:
      return "Days are counted in \(name), this machine's zone (nothing in your data names one); "
        + "--timezone to change."
    }
  }
}
