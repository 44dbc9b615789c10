/// `panda generate OUTPUT`: writes a deterministic synthetic export.
enum GenerateCommand: PandaCommand {
  static let help = """
    usage: panda generate OUTPUT [--days N] [--seed N] [--zip]

    Writes a synthetic Apple Health export with N days of data (default 30) ending 2025-06-30: an
    iPhone and an Apple Watch, sleep stages, workouts, about 0.55 MB a day. The same seed gives the
    same file. With --zip (or an OUTPUT ending in .zip) it is packed like the Health app's export.zip.
    """

  static let options: Set<String> = ["days", "seed"]
  static let flags: Set<String> = ["zip"]

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    guard let output = arguments.positionals.first else { throw UsageError.missingArgument("the OUTPUT file") }
    if arguments.positionals.count > 1 { throw UsageError.unexpectedArgument(arguments.positionals[1]) }
    let days = try number(arguments, "days", default: 30, range: 1...36_500)
    let seed = try number(arguments, "seed", default: 1, range: 0...Int.max)
    let export = SyntheticExport(days: days, seed: UInt64(seed))
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
