import Foundation

/// `panda cache list` and `panda cache clear [--category C]`: the stored insights.
enum CacheCommand: PandaCommand {
  static let spec = CommandSpec(
    "cache", summary: "the stored insights: list them, or clear them so they are computed afresh",
    forms: [
      .init("list", options: [.format([.text, .json]), .database, .timeZone]),
      .init(
        "clear",
        options: [
          OptionSpec(
            "category", valueName: "CATEGORY", allowed: HealthCategory.analysed.map(\.rawValue), default: "all",
            help: "clear only this category's insights"),
          .format([.text, .json]), .quiet, .database,
        ]),
    ],
    details: """
      Lists the stored insights with their age and whether they are still fresh today, or deletes them
      (all, or one category's), so that the next `panda insights` computes them afresh.
      """)

  struct Listing: Encodable {
    var category: HealthCategory
    var period: InsightPeriod
    var provider: String
    var model: String
    var promptVersion: String
    var generatedAt: String
    var generatedDay: CalendarDay
    var freshToday: Bool
  }

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    guard let action = arguments.positionals.first, ["list", "clear"].contains(action) else {
      throw UsageError.missingArgument("list or clear")
    }
    if arguments.positionals.count > 1 { throw UsageError.unexpectedArgument(arguments.positionals[1]) }
    let format = arguments.format
    let context = try DailyContextOptions.context(arguments, environment: console.environment)
    guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return .noInput }
    // Listing only reads: it opens the file read-only. Clearing writes, under the run lock.
    guard let (database, lock) = try DatabaseLocation.open(path, writing: action == "clear", console: console) else {
      return .temporaryFailure
    }
    defer { withExtendedLifetime(lock) {} }
    let cache = InsightCache(database: database)
    if action == "clear" {
      var category: HealthCategory?
      if let name = arguments.value("category") {
        guard let named = HealthCategory(rawValue: name) else {
          throw UsageError.invalidValue(
            option: "category", value: name, expected: HealthCategory.analysed.map(\.rawValue).joined(separator: ", "))
        }
        category = named
      }
      let removed = try cache.clear(category: category)
      if format == .json {
        console.output(try JSONOutput.string(["removed": removed]) + "\n")
      } else if !arguments.has("quiet") {
        console.output("Removed \(removed) cached insight\(removed == 1 ? "" : "s").\n")
      }
      return .success
    }
    let today = DailyContextOptions.today(in: context)
    let formatter = ISO8601DateFormatter()
    let listings = try cache.all().map { entry in
      Listing(
        category: entry.key.category, period: entry.key.period, provider: entry.key.provider, model: entry.key.model,
        promptVersion: entry.key.promptVersion,
        generatedAt: formatter.string(from: Date(timeIntervalSince1970: Double(entry.generatedAt))),
        generatedDay: entry.generatedDay,
        freshToday: try cache.freshEntry(for: entry.key, on: today) != nil)
    }
    if format == .json {
      console.output(try JSONOutput.string(listings) + "\n")
      return .success
    }
    if listings.isEmpty {
      console.output("No cached insights. Run: panda insights\n")
      return .success
    }
    for listing in listings { console.output(line(listing, today: today)) }
    return .success
  }

  /// One entry of `cache list` as text. The day stored is the day the analysis was made as of
  /// (a run `--as-of` a past day is stamped with it), so the line says "for" that day rather than
  /// claiming the entry was made then.
  static func line(_ listing: Listing, today: CalendarDay) -> String {
    let age = listing.generatedDay.days(to: today)
    let when =
      age == 0
      ? "for today" : "for \(listing.generatedDay.iso) (\(age.grouped) day\(age == 1 ? "" : "s") before today)"
    return "\(listing.category.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) "
      + "\(listing.period.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) "
      + "\(listing.provider)/\(listing.model)  made \(when)" + (listing.freshToday ? ", fresh\n" : ", stale\n")
  }
}
