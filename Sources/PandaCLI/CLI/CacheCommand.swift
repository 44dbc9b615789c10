import Foundation
import PandaAnalysis
import PandaCore
import PandaStore

/// `panda cache list` and `panda cache clear [--category C]`: the stored insights.
enum CacheCommand: PandaCommand {
  static let spec = CommandSpec(
    "cache", summary: "the stored insights: list them, or clear them so they are computed afresh",
    forms: [
      .init(Action.list.rawValue, options: [.format([.text, .json]), .database, .timeZone]),
      .init(Action.clear.rawValue, options: [category, .format([.text, .json]), .quiet, .database]),
    ],
    details: """
      Lists the stored insights with their age and whether they are still fresh today, or deletes them
      (all, or one category's), so that the next `panda insights` computes them afresh.
      """)

  /// What `panda cache` does: its subcommands.
  enum Action: String, CaseIterable {
    /// `cache list`: the stored insights.
    case list
    /// `cache clear`: deletes them.
    case clear
  }

  /// `--category CATEGORY`, for `cache clear`.
  static let category = OptionSpec(
    "category", valueName: "CATEGORY", allowed: HealthCategory.analysed.map(\.rawValue), default: "all",
    help: "clear only this category's insights")

  struct Listing: Encodable {
    var category: HealthCategory
    var period: InsightPeriod
    var provider: String
    var model: String
    var promptVersion: String
    var generatedAt: String
    var generatedDay: CalendarDay
    var freshToday: Bool
    /// When the entry was computed, by the clock (ISO 8601); `nil` for an entry stored before
    /// that was kept.
    var computedAt: String? = nil
  }

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    guard let action = arguments.positionals.first.flatMap(Action.init(rawValue:)) else {
      throw UsageError.missingArgument(CommandSpec.list(Action.allCases.map(\.rawValue)))
    }
    if arguments.positionals.count > 1 { throw UsageError.unexpectedArgument(arguments.positionals[1]) }
    let format = arguments.format
    let context = try DailyContextOptions.context(arguments, environment: console.environment)
    guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return .noInput }
    // Listing only reads: it opens the file read-only. Clearing writes, under the run lock.
    guard let (database, lock) = try DatabaseLocation.open(path, writing: action == .clear, console: console) else {
      return .temporaryFailure
    }
    defer { withExtendedLifetime(lock) {} }
    let cache = InsightCache(database: database)
    switch action {
    case .clear:
      var cleared: HealthCategory?
      if let name = arguments.value(category) {
        guard let named = HealthCategory(rawValue: name) else {
          throw UsageError.invalidValue(
            option: category.name, value: name,
            expected: HealthCategory.analysed.map(\.rawValue).joined(separator: ", "))
        }
        cleared = named
      }
      let removed = try cache.clear(category: cleared)
      if format == .json {
        console.output(try JSONOutput.string(["removed": removed]) + "\n")
      } else if !arguments.has(.quiet) {
        console.output("Removed \(removed) cached insight\(removed == 1 ? "" : "s").\n")
      }
      return .success
    case .list:
      return try list(cache, context: context, format: format, console: console)
    }
  }

  /// `cache list`: every stored insight, as text or JSON.
  private static func list(_ cache: InsightCache, context: DailyContext, format: OutputFormat, console: Console) throws
    -> ExitCode
  {
    let today = DailyContextOptions.today(in: context)
    let formatter = ISO8601DateFormatter()
    let listings = try cache.all().map { entry in
      Listing(
        category: entry.key.category, period: entry.key.period, provider: entry.key.provider, model: entry.key.model,
        promptVersion: entry.key.promptVersion,
        generatedAt: formatter.string(from: Date(timeIntervalSince1970: Double(entry.generatedAt))),
        generatedDay: entry.generatedDay,
        freshToday: try cache.freshEntry(for: entry.key, on: today) != nil,
        computedAt: entry.computedAt.map { formatter.string(from: Date(timeIntervalSince1970: Double($0))) })
    }
    if format == .json {
      console.output(try JSONOutput.string(listings) + "\n")
      return .success
    }
    if listings.isEmpty {
      console.output("No cached insights. Run: panda insights\n")
      return .success
    }
    let now = Date()
    for listing in listings { console.output(line(listing, today: today, now: now)) }
    return .success
  }

  /// One entry of `cache list` as text: when it was computed, by the clock at `now`, then the
  /// day the analysis was made as of (a run `--as-of` a past day is stamped with it), which the
  /// line says it was made "for". An entry stored before the clock time was kept says only that.
  static func line(_ listing: Listing, today: CalendarDay, now: Date) -> String {
    let age = listing.generatedDay.days(to: today)
    let when =
      age == 0
      ? "for today" : "for \(listing.generatedDay.iso) (\(age.grouped) day\(age == 1 ? "" : "s") before today)"
    let computed =
      listing.computedAt.flatMap { ISO8601DateFormatter().date(from: $0) }.map {
        "computed \(ago(now.timeIntervalSince($0))) "
      } ?? "made "
    return "\(listing.category.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) "
      + "\(listing.period.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) "
      + "\(listing.provider)/\(listing.model)  \(computed)\(when)" + (listing.freshToday ? ", fresh\n" : ", stale\n")
  }

  /// `just now`, `12 min ago`, `3 h ago`, `1,204 days ago`: how long ago something happened,
  /// `seconds` before now, in whole units (a clock set back counts as just now).
  static func ago(_ seconds: Double) -> String {
    let seconds = Int(max(seconds, 0))
    switch seconds {
    case ..<60: return "just now"
    case ..<3_600: return "\(seconds / 60) min ago"
    case ..<86_400: return "\(seconds / 3_600) h ago"
    default:
      let days = seconds / 86_400
      return "\(days.grouped) day\(days == 1 ? "" : "s") ago"
    }
  }
}
