import Foundation
import PandaAnalysis
import PandaCore
import PandaServices

/// `panda relations`: which habits went with which body signals, day to day.
enum RelationsCommand: PandaCommand {
  static let spec = CommandSpec(
    "relations", summary: "how sleep, activity and habits went with HRV, resting heart rate and sleep",
    forms: [
      .init(
        options: DailyContextOptions.windowOptions(
          from: "the first day (default 364 days before --to)",
          to: "the last day (default the day before --as-of)"))
    ],
    details: """
      Tests a fixed set of pairs, each a behaviour and a response: last night's sleep (time asleep,
      deep sleep, efficiency) with that day's HRV, resting heart rate and steps; the day's steps,
      exercise minutes, workout time, active energy, mindful minutes and dietary energy with that
      night's sleep and the next day's HRV and resting heart rate. A night belongs to the day you
      wake up. Each metric's slow trend and weekly rhythm are taken away first, so only day-to-day
      variation is compared; partly recorded days are left out; a pair needs
      \(RelationFinder.minimumDays) paired days. A rank correlation is tested for each pair, and one
      false-discovery bar (5 %) is set over all pairs tested. The size is a robust slope in units a
      person can use. Tags you log ('panda log tag alcohol') and symptoms Health records are tested
      too, each with at least \(RelationFinder.minimumTaggedDays) days with it and
      \(RelationFinder.minimumTaggedDays) without: the night after and the next day's HRV, resting
      heart rate and steps on days after it, against days after none (a rank-sum test), under the
      same bar. A link says what went together, not what caused what.
      """)

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    if let extra = arguments.positionals.first { throw UsageError.unexpectedArgument(extra) }
    let format = arguments.format
    let context = try DailyContextOptions.context(arguments, environment: console.environment)
    let (asOf, window) = try DailyContextOptions.window(
      arguments, today: DailyContextOptions.today(in: context), defaultLength: 365, console: console)
    guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return .noInput }
    let database = try DatabaseLocation.openForReading(path, context: context)
    let output = try RelationsRun(asOf: asOf, window: window, zone: context.zone).run(on: database)
    console.output(format == .json ? try JSONOutput.string(output) + "\n" : output.text)
    return .success
  }
}
