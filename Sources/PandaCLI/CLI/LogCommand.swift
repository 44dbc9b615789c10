import Foundation
import PandaCore
import PandaStore

/// `panda log`: what no device records, logged by hand, listed, edited, deleted and undone.
enum LogCommand: PandaCommand {
  static let spec = CommandSpec(
    "log", summary: "log water, food, weight, mindful minutes, tags… by hand; list, edit, delete, undo entries",
    forms: [
      .init(
        operands: "TYPE QUANTITY", operandValues: LogType.all.map(\.name), options: [at, note, .database, .timeZone]),
      .init(Action.tag.rawValue, operands: "NAME", options: [at, note, .database, .timeZone]),
      .init(
        Action.list.rawValue,
        options: [
          type, OptionSpec.from.explained("only entries from this day on"),
          OptionSpec.to.explained("only entries up to this day"), .format([.text, .json]), .database, .timeZone,
        ]),
      .init(Action.edit.rawValue, operands: "ID [QUANTITY]", options: [at, note, .database, .timeZone]),
      .init(Action.delete.rawValue, operands: "ID", options: [.database, .timeZone]),
      .init(Action.undo.rawValue, options: [.database, .timeZone]),
    ],
    details: """
      TYPE and QUANTITY, converted to the unit panda stores:
      \(LogType.all.map { "  \($0.name.padding(toLength: 10, withPad: " ", startingAt: 0))\($0.examples) (kept in \($0.unit))" }.joined(separator: "\n"))
      A bare number is in the unit shown (in lb and fl oz for weight and water with units = imperial).
      WHEN: now (the default), today, yesterday, 'today 08:30', 'yesterday 21:00', 08:30, YYYY-MM-DD
      (noon) or 'YYYY-MM-DD HH:MM', in your time zone; not in the future. A mindful session ends at WHEN.
      Entries are samples of the source "panda": name it in source.priority to rank it.
      A tag marks something done or felt on the day of WHEN, with no amount: any name of letters,
      digits and hyphens (kept lowercase, spaces become hyphens), e.g.
      \(LogTag.suggested.joined(separator: ", ")). 'panda relations' compares the days after a
      tag with the days without it; 'panda log edit ID NAME' renames one. See docs/tags.md.
      """)

  private static let at = OptionSpec("at", valueName: "WHEN", default: "now", help: "when it happened: see WHEN")
  private static let note = OptionSpec("note", valueName: "TEXT", help: "a note kept with the entry")
  private static let type = OptionSpec("type", valueName: "TYPE", help: "only entries of this type (tag: only tags)")

  /// What `panda log` does besides logging a TYPE and QUANTITY: its subcommands.
  enum Action: String, CaseIterable {
    /// `log tag NAME`: a tag, with no amount.
    case tag
    /// `log list`: the entries.
    case list
    /// `log edit ID`: changes one.
    case edit
    /// `log delete ID`: deletes one.
    case delete
    /// `log undo`: reverts the last change.
    case undo
  }

  /// An entry as `log list --format json` shows it.
  struct Listed: Encodable {
    var id: Int64
    var type: String
    /// The tag's name, for a tag (`type` is then `tag`).
    var tag: String?
    var value: Double
    var diastolic: Double?
    var unit: String
    var at: String
    var note: String?
  }

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    let words = arguments.positionals
    guard let first = words.first else {
      throw UsageError.missingArgument(
        "a TYPE and QUANTITY, or " + Action.allCases.map(\.rawValue).joined(separator: ", "))
    }
    let context = try DailyContextOptions.context(arguments, environment: console.environment)
    let settings = Settings.load(environment: console.environment)
    let now = Int64(Date().timeIntervalSince1970)
    do {
      switch Action(rawValue: first) {
      case .list:
        try expect(words, count: 1)
        let format = arguments.format
        var type: String?
        if let name = arguments.value(Self.type) {
          if name.lowercased() == "tag" || name.lowercased() == "tags" {
            type = "tag"
          } else {
            guard let named = LogType.named(name) else { throw unknownType(name) }
            type = named.name
          }
        }
        // Two separate filters ("from this day on", "up to this day"), not a range: a --from after
        // --to lists no entry rather than being refused.
        let days = DayBounds(
          from: try DailyContextOptions.day(arguments, .from, console: console),
          to: try DailyContextOptions.day(arguments, .to, console: console))
        let (from, to) = days.instants(in: context.zone)
        guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return .noInput }
        let book = LogBook(database: try DatabaseLocation.openForReading(path), context: context)
        let entries = try book.entries(type: type, from: from, to: to)
        if format == .json {
          console.output(try JSONOutput.string(entries.map { listed($0, zone: context.zone) }) + "\n")
        } else if entries.isEmpty {
          console.output("No entries. Log one with: panda log water 500ml\n")
        } else {
          for entry in entries { console.output(line(entry, zone: context.zone, units: settings.displayUnits) + "\n") }
        }
        return .success
      case .undo:
        try expect(words, count: 1)
        guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return .noInput }
        guard let (database, lock) = try DatabaseLocation.openLocked(path, console: console) else {
          return .temporaryFailure
        }
        defer { withExtendedLifetime(lock) {} }
        let book = LogBook(database: database, context: context)
        guard let undone = try book.undo() else {
          console.output("Nothing to undo.\n")
          return .success
        }
        let verb = ["add": "Removed", "edit": "Restored", "delete": "Brought back"][undone.action] ?? "Reverted"
        if !arguments.has(.quiet) {
          console.output(
            "Undid \(undone.action): \(verb.lowercased()) \(line(undone.entry, zone: context.zone, units: settings.displayUnits))\n"
          )
        }
        return .success
      case .delete:
        try expect(words, count: 2)
        let id = try entryID(words[1])
        guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return .noInput }
        guard let (database, lock) = try DatabaseLocation.openLocked(path, console: console) else {
          return .temporaryFailure
        }
        defer { withExtendedLifetime(lock) {} }
        let entry = try LogBook(database: database, context: context).delete(id)
        if !arguments.has(.quiet) {
          console.output(
            "Deleted \(line(entry, zone: context.zone, units: settings.displayUnits)) ('panda log undo' brings it back)\n"
          )
        }
        return .success
      case .edit:
        if words.count < 2 { try expect(words, count: 2) }
        let id = try entryID(words[1])
        guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return .noInput }
        guard let (database, lock) = try DatabaseLocation.openLocked(path, console: console) else {
          return .temporaryFailure
        }
        defer { withExtendedLifetime(lock) {} }
        let book = LogBook(database: database, context: context)
        guard let current = try book.entry(id) else { throw TrackingError.unknownEntry(id) }
        if current.tagName != nil {
          return try editTag(current, words: words, book: book, arguments: arguments, console: console, now: now)
        }
        guard let type = current.logType else { throw TrackingError.unknownEntry(id) }
        let quantity =
          try words.count >= 3 ? parse(words.dropFirst(2).joined(separator: " "), as: type, settings: settings) : nil
        let at = try arguments.value(Self.at).map { text throws(TrackingError) in
          try LogTimeParser.parse(text, now: now, zone: context.zone)
        }
        guard quantity != nil || at != nil || arguments.value(Self.note) != nil else {
          throw UsageError.missingArgument("a QUANTITY, --at or --note to change")
        }
        let entry = try book.edit(
          id, value: quantity?.value, secondValue: quantity?.second, at: at, note: arguments.value(Self.note))
        if !arguments.has(.quiet) {
          console.output("Changed \(line(entry, zone: context.zone, units: settings.displayUnits))\n")
        }
        return .success
      case .tag:
        guard words.count >= 2 else {
          throw UsageError.missingArgument("the tag NAME (e.g. \(LogTag.suggested.prefix(3).joined(separator: ", ")))")
        }
        let name = words.dropFirst().joined(separator: " ")
        let at = try LogTimeParser.parse(arguments.value(Self.at) ?? "now", now: now, zone: context.zone)
        let path = DatabaseLocation.path(arguments, environment: console.environment)
        guard let (database, lock) = try DatabaseLocation.openLocked(path, console: console) else {
          return .temporaryFailure
        }
        defer { withExtendedLifetime(lock) {} }
        let entry = try LogBook(database: database, context: context).tag(
          name, at: at, note: arguments.value(Self.note))
        console.output("Logged \(line(entry, zone: context.zone, units: settings.displayUnits))\n")
        return .success
      case nil:
        guard let type = LogType.named(first) else { throw unknownType(first) }
        guard words.count >= 2 else { throw UsageError.missingArgument("the QUANTITY (e.g. \(type.examples))") }
        // `panda log weight 11 st 6 lb` without quotes: the rest of the words are the quantity.
        let quantity = try parse(words.dropFirst().joined(separator: " "), as: type, settings: settings)
        let at = try LogTimeParser.parse(arguments.value(Self.at) ?? "now", now: now, zone: context.zone)
        let path = DatabaseLocation.path(arguments, environment: console.environment)
        guard let (database, lock) = try DatabaseLocation.openLocked(path, console: console) else {
          return .temporaryFailure
        }
        defer { withExtendedLifetime(lock) {} }
        let entry = try LogBook(database: database, context: context).add(
          type, value: quantity.value, secondValue: quantity.second, at: at, note: arguments.value(Self.note))
        if !arguments.has(.quiet) {
          console.output("Logged \(line(entry, zone: context.zone, units: settings.displayUnits))\n")
        }
        return .success
      }
    } catch let error as TrackingError {
      console.error("panda: \(error)\n(nothing was written; 'panda log --help' shows the types, units and times)\n")
      return .usage
    }
  }

  /// `panda log edit ID [NAME] [--at WHEN] [--note TEXT]` for a tag: renames it or moves it.
  private static func editTag(
    _ current: LogEntry, words: [String], book: LogBook, arguments: Arguments, console: Console, now: Int64
  ) throws -> ExitCode {
    let context = try DailyContextOptions.context(arguments, environment: console.environment)
    let name = words.count >= 3 ? words.dropFirst(2).joined(separator: " ") : nil
    let at = try arguments.value(Self.at).map { text throws(TrackingError) in
      try LogTimeParser.parse(text, now: now, zone: context.zone)
    }
    guard name != nil || at != nil || arguments.value(Self.note) != nil else {
      throw UsageError.missingArgument("a tag NAME, --at or --note to change")
    }
    let entry = try book.edit(current.id, at: at, note: arguments.value(Self.note), tag: name)
    let units = Settings.load(environment: console.environment).displayUnits
    console.output("Changed \(line(entry, zone: context.zone, units: units))\n")
    return .success
  }

  /// Parses a quantity; with `units = imperial`, a bare weight is in lb and a bare volume in fl oz.
  static func parse(_ text: String, as type: LogType, settings: Settings) throws(TrackingError) -> (
    value: Double, second: Double?
  ) {
    var text = text
    if settings.value("units") == "imperial",
      QuantityParser.commaNumber(text.trimmingCharacters(in: .whitespaces)) != nil
    {
      if type.name == "weight" { text += " lb" }
      if type.name == "water" { text += " fl oz" }
    }
    return try QuantityParser.parse(text, as: type)
  }

  /// `#12  2025-06-01 21:30  water  500 mL  "after the run"`, the amount in `units`.
  static func line(_ entry: LogEntry, zone: TimeZone, units: DisplayUnits) -> String {
    if let tag = entry.tagName {
      var text = "#\(entry.id)  \(LogTimeParser.text(entry.at, zone: zone))  tag  \(tag)"
      if let note = entry.note { text += "  \"\(note)\"" }
      return text
    }
    let shown = units.converted(entry.value, unit: entry.logType?.unit ?? "")
    let amount =
      entry.secondValue.map {
        "\(MetricFormatter.decimal(entry.value, places: 0))/\(MetricFormatter.decimal($0, places: 0)) \(shown.unit)"
      } ?? MetricFormatter.decimal(shown.value, places: 2) + " " + shown.unit
    var text = "#\(entry.id)  \(LogTimeParser.text(entry.at, zone: zone))  \(entry.type)  \(amount)"
    if let note = entry.note { text += "  \"\(note)\"" }
    return text
  }

  /// The entry as JSON lists it, its time in `zone`.
  static func listed(_ entry: LogEntry, zone: TimeZone) -> Listed {
    Listed(
      id: entry.id, type: entry.tagName == nil ? entry.type : "tag", tag: entry.tagName, value: entry.value,
      diastolic: entry.secondValue,
      unit: entry.logType?.unit ?? "", at: LogTimeParser.iso(entry.at, zone: zone), note: entry.note)
  }

  /// The error for a type panda does not log, with the nearest name or alias it does.
  private static func unknownType(_ name: String) -> TrackingError {
    let names = LogType.all.flatMap { [$0.name] + $0.aliases }
    return .unknownType(name, suggestion: Suggestion.nearest(to: name, among: names))
  }

  private static func entryID(_ word: String) throws(UsageError) -> Int64 {
    guard let id = Int64(word.hasPrefix("#") ? String(word.dropFirst()) : word), id > 0 else {
      throw .malformedOperand(name: "ID", value: word, expected: "an entry id as 'panda log list' shows it, e.g. 12")
    }
    return id
  }

  private static func expect(_ words: [String], count: Int) throws(UsageError) {
    if words.count > count { throw .unexpectedArgument(words[count]) }
    if words.count < count { throw .missingArgument(count == 2 ? "the entry ID" : "the entry ID and QUANTITY") }
  }
}
