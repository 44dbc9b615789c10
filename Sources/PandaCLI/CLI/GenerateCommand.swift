import Foundation
import PandaAnalysis
import PandaCore
import PandaStore
import PandaSynthetic

/// `panda generate OUTPUT`: writes a deterministic synthetic export.
enum GenerateCommand: PandaCommand {
  static let spec = CommandSpec(
    "generate", summary: "write a synthetic export (for trying panda and for benchmarks)",
    forms: [
      .init(
        operands: "OUTPUT",
        options: [days, seed, zip, noRestingHeartRate, cycles, illnesses, tag, tagsDatabase, .quiet])
    ],
    details: """
      Writes a synthetic Apple Health export with N days of data ending 2025-06-30: an iPhone and an
      Apple Watch, sleep stages, workouts, walks, about 0.6 MB of XML a day. With
      --no-resting-heart-rate the watch writes no resting heart rate of its own, as most other
      trackers do, and panda derives it from heart rate and steps.

      --cycles adds menstrual cycles of 26 to 32 days: the flow records of each period, its first
      day marked as the cycle's start, and a luteal phase that raises resting heart rate by 2 to 3
      bpm and lowers HRV by 5 to 10 %.

      --illnesses N adds N illnesses, the last with symptoms from 2 days before the last day (its
      warning still open there), each other one \(PlantedIllness.spreadGap) days before the next: resting
      heart rate rises 3 to 9 bpm over the 2 to 5 days before the symptoms, HRV falls, steps fall
      and sleep lengthens, and Health records two or three symptoms (fever, coughing, fatigue, …)
      on each of their 3 or 4 days. N illnesses need at least 38 + \(PlantedIllness.spreadGap) × (N − 1) days.

      --tag NAME logs NAME on about a quarter of the evenings (21:00) in the database of --tags-db, as
      'panda log tag' would: an export holds no tags. alcohol lowers the next day's HRV by 9 ms,
      raises resting heart rate by 3 bpm and shortens deep sleep by 15 minutes; any other name
      goes with nothing. Import the export into the same database.
      """)

  /// `--days N`.
  static let days = OptionSpec("days", valueName: "N", default: "30", help: "how many days of data (1 to 36500)")
  /// `--seed N`.
  static let seed = OptionSpec(
    "seed", valueName: "N", default: "1", help: "the seed; the same seed gives the same file")
  /// `--zip`.
  static let zip = OptionSpec(
    "zip", kind: .flag, help: "pack it like the Health app's export.zip (also for an OUTPUT ending in .zip)")
  /// `--no-resting-heart-rate`.
  static let noRestingHeartRate = OptionSpec(
    "no-resting-heart-rate", kind: .flag,
    help: "a tracker that writes heart rate every minute and steps, but no resting heart rate")
  /// `--cycles`.
  static let cycles = OptionSpec(
    "cycles", kind: .flag, help: "menstrual cycles: Health's flow records and the luteal shifts")
  /// `--illnesses N`.
  static let illnesses = OptionSpec(
    "illnesses", valueName: "N", default: "0",
    help: "N illnesses: body signals like a viral illness and Health's symptom records")
  /// `--tag NAME...`.
  static let tag = OptionSpec(
    "tag", kind: .repeatedValue, valueName: "NAME",
    help: "a tag logged on a quarter of the evenings (alcohol moves the next day); needs --tags-db")
  /// `--tags-db PATH`.
  static let tagsDatabase = OptionSpec(
    "tags-db", valueName: "PATH", help: "with --tag: the database the tags are logged in")

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    let options = try Options(arguments)
    let output = options.output
    let (days, seed, illnesses, tagDatabase) = (options.days, options.seed, options.illnesses, options.tagDatabase)
    var export = SyntheticExport(days: days, seed: UInt64(seed))
    export.writesRestingHeartRate = options.writesRestingHeartRate
    if options.cycles { export.cycles = MenstrualCycles(seed: UInt64(seed)) }
    if illnesses > 0 {
      export.illnesses = PlantedIllness.spread(
        count: illnesses, lastDay: CalendarDay(ordinal: Int(export.lastDay)), seed: UInt64(seed))
    }
    export.tags = options.tags.map { name in
      name == PlantedTag.alcohol.name ? PlantedTag.alcohol : PlantedTag(name: name, share: PlantedTag.alcohol.share)
    }
    do {
      if options.zips {
        try export.writeZip(to: output)
      } else {
        try export.writeXML(to: output)
      }
    } catch let error as OutputFile.WriteError {
      console.error("panda: \(error)\n")
      return .cannotCreate
    }
    var logged = 0
    if let tagDatabase, !export.tags.isEmpty {
      guard let (database, lock) = try DatabaseLocation.openLocked(tagDatabase, console: console) else {
        return .temporaryFailure
      }
      defer { withExtendedLifetime(lock) {} }
      logged = try logTags(of: export, in: database)
    }
    if !options.quiet {
      console.output("Wrote \(days) days of synthetic data to \(output)\n")
      if illnesses > 0 {
        let onsets: [String] = export.illnesses.map(\.onset.iso)
        let last: String = onsets.last ?? ""
        let listed: String = onsets.count == 1 ? last : onsets.dropLast().joined(separator: ", ") + " and " + last
        let counted: String = illnesses == 1 ? "1 illness" : "\(illnesses) illnesses"
        console.output("With \(counted), symptoms from \(listed)\n")
      }
      if export.cycles != nil { console.output("With menstrual cycles and their flow records\n") }
      if let tagDatabase, !export.tags.isEmpty {
        console.output("Logged \(logged.counted("tag")) in \(tagDatabase): import the export there too\n")
      }
    }
    return .success
  }

  /// Logs each planted tag of `export` at 21:00 on its days, in the export's offset, as `panda
  /// log tag` would; how many it logged.
  static func logTags(of export: SyntheticExport, in database: Database) throws -> Int {
    let zone = TimeZone(secondsFromGMT: export.offsetSeconds) ?? .gmt
    let book = LogBook(database: database, context: DailyContext(zone: zone))
    let days = export.tagDays()
    for (name, day) in days {
      _ = try book.tag(name, at: day * 86_400 - Int64(export.offsetSeconds) + 21 * 3_600, note: nil)
    }
    return days.count
  }

  /// The whole number `option` gives, else `value`; one outside `range` is a usage error.
  static func number(
    _ arguments: Arguments, _ option: OptionSpec, default value: Int, range: ClosedRange<Int>
  ) throws(UsageError) -> Int {
    guard let text = arguments.value(option) else { return value }
    guard let number = Int(text), range.contains(number) else {
      throw .invalidValue(
        option: option.name, value: text, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
    return number
  }
}
