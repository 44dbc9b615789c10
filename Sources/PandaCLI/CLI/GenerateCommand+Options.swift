import PandaCore
import PandaStore
import PandaSynthetic

extension GenerateCommand {
  /// What `panda generate` is asked to write, read once from its arguments: each number converted
  /// and checked, each tag name normalised, so that the run only reads values it can use.
  struct Options: Equatable {
    /// The file written.
    var output: String
    /// How many days of data.
    var days: Int
    /// The seed; the same seed gives the same file.
    var seed: Int
    /// Whether the export is packed as a zip (`--zip`, or an OUTPUT ending in `.zip`).
    var zips: Bool
    /// Whether the watch writes resting heart rate (not with `--no-resting-heart-rate`).
    var writesRestingHeartRate: Bool
    /// Whether menstrual cycles are planted.
    var cycles: Bool
    /// How many illnesses are planted; the days hold them all.
    var illnesses: Int
    /// The tags logged, normalised (`Late Meal` is `late-meal`).
    var tags: [String]
    /// The database the tags are logged in; given whenever a tag is.
    var tagDatabase: String?
    /// Whether the summary is left out.
    var quiet: Bool

    /// Reads `arguments`: a missing OUTPUT, a number out of range, more illnesses than the days
    /// hold, a tag that is no name or a tag without `--tags-db` is a usage error.
    init(_ arguments: Arguments) throws(UsageError) {
      guard let output = arguments.positionals.first else { throw .missingArgument("the OUTPUT file") }
      if arguments.positionals.count > 1 { throw .unexpectedArgument(arguments.positionals[1]) }
      self.output = output
      days = try GenerateCommand.number(arguments, GenerateCommand.days, default: 30, range: 1...36_500)
      seed = try GenerateCommand.number(arguments, GenerateCommand.seed, default: 1, range: 0...Int.max)
      zips = arguments.has(GenerateCommand.zip) || output.lowercased().hasSuffix(".zip")
      writesRestingHeartRate = !arguments.has(GenerateCommand.noRestingHeartRate)
      cycles = arguments.has(GenerateCommand.cycles)
      illnesses = try GenerateCommand.number(arguments, GenerateCommand.illnesses, default: 0, range: 0...1_000)
      if illnesses > 0 {
        let needed = PlantedIllness.spreadDays(count: illnesses)
        guard days >= needed else {
          throw .invalidValue(
            option: GenerateCommand.illnesses.name, value: String(illnesses),
            expected: "no more illnesses than --days \(days) holds (\(illnesses) need --days \(needed) or more)")
        }
      }
      tags = try arguments.all(GenerateCommand.tag).map { name throws(UsageError) in
        do {
          return try LogTag.normalised(name)
        } catch {
          throw UsageError.invalidValue(option: GenerateCommand.tag.name, value: name, expected: "\(error)")
        }
      }
      tagDatabase = arguments.value(GenerateCommand.tagsDatabase)
      if !tags.isEmpty && tagDatabase == nil {
        throw .missingArgument("--tags-db PATH: --tag logs its tags in panda's database, as an export holds none")
      }
      quiet = arguments.has(.quiet)
    }
  }
}
