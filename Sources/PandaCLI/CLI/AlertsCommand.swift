import Foundation
import PandaAnalysis
import PandaCore
import PandaServices

/// `panda alerts`: days when several body signals left your usual range together, or resting
/// heart rate alone stayed above it.
enum AlertsCommand: PandaCommand {
  static let spec = CommandSpec(
    "alerts", summary: "days when body signals were outside your usual range: several together, or heart rate for days",
    forms: [
      .init(
        options: DailyContextOptions.windowOptions(
          from: "the first day judged (default 89 days before --to)",
          to: "the last day judged (default the day before --as-of)"))
    ],
    details: """
      Watches resting heart rate, HRV, respiratory rate, sleeping wrist temperature and blood
      oxygen. Each day's reading is compared with a personal band drawn from the \(AlertDetector.bandDays)
      days before it (the median, ± \(MetricFormatter.decimal(PersonalBand.spread, places: 1)) robust
      standard deviations; days already in an alert left out), once there are \(AlertDetector.minimumReadings)
      readings. An alert is a day on which at least two signals are outside their bands in the
      direction that goes with strain (heart rate, breathing or temperature up; HRV or blood oxygen
      down); days in a row form one alert, and a single day between does not split it. Such an
      alert has the level "warning". Resting heart rate is also watched alone: each day adds its
      rise above the upper quartile of the \(AlertDetector.bandDays) days before it (leaving out the last \(RestingHeartRateRise.recentDays)), in robust
      standard deviations, at most 3, less 0.5, to a sum that never falls below 0; a warning
      starts when the sum reaches 5, the days behind it are a median 3 bpm or more above that
      quartile, and the last two readings in a row are high, so one high day never warns. Such
      an alert has the level "possible" and says "possibly"; steps well below usual or sleep far
      from usual are named beside it. An alert is active while it includes the last day judged,
      or while its signals have had no readings since ("no readings since"): it ends only when
      readings show them back in range. It names figures and common causes, never a diagnosis.
      """)

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    if let extra = arguments.positionals.first { throw UsageError.unexpectedArgument(extra) }
    let format = arguments.format
    let context = try DailyContextOptions.context(arguments, environment: console.environment)
    let (_, window) = try DailyContextOptions.window(
      arguments, today: DailyContextOptions.today(in: context), defaultLength: 90, console: console)
    guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return .noInput }
    let database = try DatabaseLocation.openForReading(path, context: context)
    let output = try AlertsRun(window: window, zone: context.zone).run(on: database)
    console.output(format == .json ? try JSONOutput.string(output) + "\n" : output.text)
    return .success
  }
}
