import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaCLI
@testable import PandaCore
@testable import PandaSynthetic
@testable import PandaTestSupport

/// A command's typed options are read once from its arguments: values come out converted, a
/// wrong one is refused with the usage error the command has always given, and the actions a
/// command switches on are the forms its spec lists.
@Suite struct CommandOptionsTests {
  let home: TemporaryFolder

  init() throws { home = try TemporaryFolder() }

  /// A console that keeps nothing, with days counted in Paris and no settings file.
  var console: Console {
    Console(
      output: { _ in }, error: { _ in }, errorIsTerminal: false,
      environment: ["PANDA_TIMEZONE": "Europe/Paris", "HOME": home.path, "XDG_CONFIG_HOME": home.path])
  }

  func insights(_ words: [String]) throws -> InsightsCommand.Options {
    try InsightsCommand.Options(Arguments(words, command: InsightsCommand.spec), console: console)
  }

  /// The usage error `read` throws; `nil` when it throws none or another error.
  func refusal(_ read: () throws -> Void) -> UsageError? {
    do {
      try read()
      return nil
    } catch {
      return error as? UsageError
    }
  }

  @Test func insightsOptionsAreConvertedToTheirTypes() throws {
    let options = try insights([
      "--category", "sleep", "--category", "heart", "--period", "weekly", "--jobs", "8", "--as-of", "2025-06-01",
      "--refresh", "--format", "json", "-q",
    ])
    #expect(options.categories == [.sleep, .heart])
    #expect(options.periods == [.weekly])
    #expect(options.jobs == 8)
    #expect(options.asOf == CalendarDay(iso: "2025-06-01"))
    #expect(options.format == .json)
    #expect(options.refresh && options.quiet && !options.demo && !options.notify)
    // A category named prints every card, as --detail does.
    #expect(options.detail)
    #expect(options.context.zone.identifier == "Europe/Paris")
  }

  @Test func insightsOptionsLeftOutKeepTheirDefaults() throws {
    let options = try insights([])
    #expect(options.categories.isEmpty && options.periods.isEmpty)
    #expect(options.jobs == nil)
    #expect(options.asOf == options.today)
    #expect(options.format == .text)
    #expect(!options.detail && !options.refresh && !options.quiet)
    #expect(try insights(["--detail"]).detail)
  }

  @Test func aWrongJobsOrDayIsTheUsageErrorItWasBefore() throws {
    for jobs in ["0", "65", "four"] {
      #expect(
        refusal { _ = try insights(["--jobs", jobs]) }
          == .invalidValue(option: "jobs", value: jobs, expected: "a whole number from 1 to 64"))
    }
    #expect(
      refusal { _ = try insights(["--as-of", "2025-13-01"]) }
        == .invalidValue(option: "as-of", value: "2025-13-01", expected: DailyContextOptions.dayWords))
    #expect(refusal { _ = try insights(["extra"]) } == .unexpectedArgument("extra"))
  }

  @Test func theCommandGivesTheOptionsError() async throws {
    let result = await runPanda(
      ["insights", "--jobs", "0", "--db", home.file("none.sqlite")], environment: console.environment)
    #expect(result.status == .usage)
    #expect(
      result.error.hasPrefix(
        "panda: \(UsageError.invalidValue(option: "jobs", value: "0", expected: "a whole number from 1 to 64"))\n"))
  }

  @Test func reportOptionsAreConvertedToTheirTypes() throws {
    let words = ["--category", "activity", "--output", "page.html", "--as-of", "2025-06-01"]
    let options = try ReportCommand.Options(Arguments(words, command: ReportCommand.spec), console: console)
    #expect(options.categories == [.activity])
    #expect(options.output == "page.html")
    #expect(options.asOf == CalendarDay(iso: "2025-06-01"))
    #expect(!options.quiet)
    let plain = try ReportCommand.Options(Arguments([], command: ReportCommand.spec), console: console)
    #expect(plain.output == nil && plain.categories.isEmpty)
  }

  func generate(_ words: [String]) throws -> GenerateCommand.Options {
    try GenerateCommand.Options(Arguments(words, command: GenerateCommand.spec))
  }

  @Test func generateOptionsAreConvertedAndNormalised() throws {
    let options = try generate([
      "out.xml", "--days", "60", "--seed", "7", "--illnesses", "1", "--tag", "Late Meal", "--tag", "alcohol",
      "--tags-db", "tags.sqlite", "--no-resting-heart-rate", "--cycles",
    ])
    #expect(options.output == "out.xml" && options.days == 60 && options.seed == 7 && options.illnesses == 1)
    #expect(options.tags == ["late-meal", "alcohol"])
    #expect(options.tagDatabase == "tags.sqlite")
    #expect(!options.writesRestingHeartRate && options.cycles && !options.zips && !options.quiet)
    #expect(try generate(["export.ZIP"]).zips)
    #expect(try generate(["out.xml", "--zip"]).zips)
    let plain = try generate(["out.xml"])
    #expect(plain.days == 30 && plain.seed == 1 && plain.illnesses == 0 && plain.tags.isEmpty)
    #expect(plain.writesRestingHeartRate && !plain.cycles)
  }

  @Test func wrongGenerateOptionsAreTheUsageErrorsTheyWereBefore() {
    #expect(
      refusal { _ = try generate(["out.xml", "--days", "0"]) }
        == .invalidValue(option: "days", value: "0", expected: "a whole number from 1 to 36500"))
    let needed = PlantedIllness.spreadDays(count: 2)
    #expect(
      refusal { _ = try generate(["out.xml", "--days", String(needed - 1), "--illnesses", "2"]) }
        == .invalidValue(
          option: "illnesses", value: "2",
          expected: "no more illnesses than --days \(needed - 1) holds (2 need --days \(needed) or more)"))
    #expect(
      refusal { _ = try generate(["out.xml", "--tag", "alcohol"]) }
        == .missingArgument("--tags-db PATH: --tag logs its tags in panda's database, as an export holds none"))
    #expect(refusal { _ = try generate([]) } == .missingArgument("the OUTPUT file"))
    #expect(refusal { _ = try generate(["a.xml", "b.xml"]) } == .unexpectedArgument("b.xml"))
  }

  @Test func actionsAreTheSpecsSubcommands() {
    #expect(CacheCommand.Action.allCases.map(\.rawValue) == CacheCommand.spec.subcommands)
    #expect(ConfigCommand.Action.allCases.map(\.rawValue) == ConfigCommand.spec.subcommands)
    #expect(ExportCommand.Action.allCases.map(\.rawValue) == ExportCommand.spec.subcommands)
    #expect(LogCommand.Action.allCases.map(\.rawValue) == LogCommand.spec.subcommands)
    #expect(!CacheCommand.Action.allCases.isEmpty && !LogCommand.Action.allCases.isEmpty)
  }

  @Test func anOptionWordedForItsCommandIsReadByTheSharedConstant() throws {
    let arguments = try Arguments(["steps", "--from", "2025-01-01", "--to", "2025-01-31"], command: SeriesCommand.spec)
    #expect(arguments.value(.from) == "2025-01-01")
    #expect(arguments.value(.to) == "2025-01-31")
    let help = SeriesCommand.spec.forms[0].options.first { $0.name == OptionSpec.from.name }?.help
    #expect(help == "the first day (default 29 days before --to)")
    #expect(OptionSpec.from.explained("another line").name == OptionSpec.from.name)
  }
}
