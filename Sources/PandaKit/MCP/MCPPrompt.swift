/// A prompt an MCP client offers its user: a ready question that steers the model to panda's
/// tools.
struct MCPPrompt: Sendable {
  /// One argument the prompt takes.
  struct Argument: Sendable {
    /// The name a client fills in.
    var name: String
    /// What to fill in.
    var description: String
    /// Whether the prompt cannot be made without it.
    var isRequired: Bool
  }

  /// The name a client asks for.
  var name: String
  /// A short human title.
  var title: String
  /// What the prompt asks, for the client's list.
  var description: String
  /// What the client fills in.
  var arguments: [Argument]
  /// The message text, given the arguments (checked to be present when required).
  var text: @Sendable ([String: String]) -> String

  /// The prompts panda offers.
  static let all: [MCPPrompt] = [
    MCPPrompt(
      name: "weekly_review", title: "Weekly health review",
      description: "How the last 7 days went, from panda's own analysis, in a few honest sentences.",
      arguments: []
    ) { _ in
      """
      Review my last week of health data. Call the insights tool with period "weekly" and base the review \
      on its figures, evidence, size and assessment: where the evidence is not "enough" or the size is not \
      "clear", say the week was in line with usual rather than better or worse. Use daily_values or \
      compare_periods for any detail you want, quoting the figures they return instead of computing your \
      own. Mention what is going well, one thing to improve, and which data is missing or partly recorded. \
      Do not diagnose anything.
      """
    },
    MCPPrompt(
      name: "sleep_check", title: "Sleep check",
      description: "How I have been sleeping over the last weeks, compared with before.",
      arguments: [
        Argument(name: "days", description: "how many recent days to look at (default 14)", isRequired: false)
      ]
    ) { arguments in
      let days = Int(arguments["days"] ?? "").flatMap { (1...366).contains($0) ? $0 : nil } ?? 14
      return """
        Check my sleep over the last \(days) days. Call list_metrics to see which sleep metrics have data, \
        then daily_values for sleep.asleep over those days and compare_periods with the \(days) days before. \
        Quote the mean and the days with data from the tools, say how many nights were partly recorded or \
        missing, and use the comparison's sentence for whether anything changed. Do not diagnose anything.
        """
    },
    MCPPrompt(
      name: "compare_months", title: "Compare two months",
      description: "One metric in one month against another month.",
      arguments: [
        Argument(name: "metric", description: "a metric id, such as activity.steps", isRequired: true),
        Argument(name: "month", description: "the month to judge, YYYY-MM", isRequired: true),
        Argument(name: "baseline_month", description: "the month to compare with, YYYY-MM", isRequired: true),
      ]
    ) { arguments in
      let metric = arguments["metric"] ?? "activity.steps"
      let month = arguments["month"] ?? ""
      let baseline = arguments["baseline_month"] ?? ""
      return """
        Compare \(metric) in \(month) with \(baseline). Call compare_periods with current_from and current_to \
        the first and last day of \(month), and baseline_from and baseline_to those of \(baseline) (no day \
        after today). Report both means, the change and its percent as returned, and whether panda calls \
        it a clear change (size and evidence); if it does not, say the months were alike. Call daily_values \
        if you want to point at particular days. Do not diagnose anything.
        """
    },
  ]
}
