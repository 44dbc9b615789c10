import Foundation

/// `panda alerts`: days when several body signals left your usual range together.
enum AlertsCommand: PandaCommand {
  static let spec = CommandSpec(
    "alerts", summary: "days when several body signals were outside your usual range together",
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
      down); days in a row form one alert, and a single day between does not split it. An alert is
      active while it includes the last day judged. It names figures and common causes, never a
      diagnosis.
      """)

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    if let extra = arguments.positionals.first { throw UsageError.unexpectedArgument(extra) }
    let format = arguments.format
    let context = try DailyContextOptions.context(arguments, environment: console.environment)
    let (_, window) = try DailyContextOptions.window(
      arguments, today: DailyContextOptions.today(in: context), defaultLength: 90, console: console)
    guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return .noInput }
    let database = try DatabaseLocation.openForReading(path, context: context)
    let answer = try AlertsAnswer.load(database: database, window: window)
    console.output(
      format == .json ? try JSONOutput.string(answer) + "\n" : answer.note.map { $0 + "\n" } ?? text(answer.scan))
    return .success
  }

  /// The alerts as text: a headline and one sentence per alert, newest first.
  static func text(_ scan: AlertScan) -> String {
    if let shortfall = scan.shortfall { return AlertsAnswer.shortfall(shortfall, scan: scan) + "\n" }
    let span = "\(scan.from.iso) to \(scan.to.iso)"
    guard !scan.alerts.isEmpty else {
      return "No early warnings from \(span): on none of the \(scan.judgedDays) days judged were two or more "
        + "signals outside your usual range together.\n"
    }
    let count = scan.alerts.count
    var text =
      "Early warnings from \(span): \(count) alert\(count == 1 ? "" : "s")"
      + "\(scan.active == nil ? "" : ", one still active") (\(scan.judgedDays) days judged).\n"
    for alert in scan.alerts.reversed() { text += "  \(alert.sentence)\n" }
    return text
  }
}
