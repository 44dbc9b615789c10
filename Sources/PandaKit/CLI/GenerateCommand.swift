/// `panda generate OUTPUT`: writes a deterministic synthetic export.
enum GenerateCommand: PandaCommand {
  static let spec = CommandSpec(
    "generate", summary: "write a synthetic export (for trying panda and for benchmarks)",
    forms: [
      .init(
        operands: "OUTPUT",
        options: [
          OptionSpec("days", valueName: "N", default: "30", help: "how many days of data (1 to 36500)"),
          OptionSpec("seed", valueName: "N", default: "1", help: "the seed; the same seed gives the same file"),
          OptionSpec(
            "zip", kind: .flag, help: "pack it like the Health app's export.zip (also for an OUTPUT ending in .zip)"),
          OptionSpec(
            "no-resting-heart-rate", kind: .flag,
            help: "a tracker that writes heart rate every minute and steps, but no resting heart rate"),
          .quiet,
        ])
    ],
    details: """
      Writes a synthetic Apple Health export with N days of data ending 2025-06-30: an iPhone and an
      Apple Watch, sleep stages, workouts, walks, about 0.6 MB of XML a day. With
      --no-resting-heart-rate the watch writes no resting heart rate of its own, as most other
      trackers do, and panda derives it from heart rate and steps.
      """)

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    guard let output = arguments.positionals.first else { throw UsageError.missingArgument("the OUTPUT file") }
    if arguments.positionals.count > 1 { throw UsageError.unexpectedArgument(arguments.positionals[1]) }
    let days = try number(arguments, "days", default: 30, range: 1...36_500)
    let seed = try number(arguments, "seed", default: 1, range: 0...Int.max)
    var export = SyntheticExport(days: days, seed: UInt64(seed))
    export.writesRestingHeartRate = !arguments.has("no-resting-heart-rate")
    do {
      if arguments.has("zip") || output.lowercased().hasSuffix(".zip") {
        try export.writeZip(to: output)
      } else {
        try export.writeXML(to: output)
      }
    } catch let error as OutputFile.WriteError {
      console.error("panda: \(error)\n")
      return .cannotCreate
    }
    if !arguments.has("quiet") { console.output("Wrote \(days) days of synthetic data to \(output)\n") }
    return .success
  }

  static func number(_ arguments: Arguments, _ option: String, default value: Int, range: ClosedRange<Int>)
    throws(UsageError) -> Int
  {
    guard let text = arguments.value(option) else { return value }
    guard let number = Int(text), range.contains(number) else {
      throw .invalidValue(
        option: option, value: text, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
    return number
  }
}
