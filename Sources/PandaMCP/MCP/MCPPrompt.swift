import PandaCore

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
    /// What a value must be.
    var kind: Kind
  }

  /// What an argument's value must be.
  enum Kind: Sendable {
    /// A whole number of days, 1 to 366.
    case days
    /// A month, `YYYY-MM`, not after today's.
    case month
    /// A metric id from the catalogue.
    case metric
  }

  /// What is wrong with `arguments`, checked as tool arguments are: known names, the required
  /// ones present, values of the right form; `nil` when they can be used.
  func problem(with arguments: [String: String], today: CalendarDay) -> String? {
    let names = self.arguments.map(\.name)
    for (key, value) in arguments.sorted(by: { $0.key < $1.key }) {
      if key.utf8.count > ToolArguments.longestString || value.utf8.count > ToolArguments.longestString {
        return "The argument \(ToolArguments.quoted(key)) is longer than \(ToolArguments.longestString) bytes."
      }
      guard names.contains(key) else {
        let takes = names.isEmpty ? "takes no arguments" : "takes " + names.joined(separator: ", ")
        let nearest = Suggestion.nearest(to: key, among: names).map { " Did you mean \($0)?" } ?? ""
        return "The prompt \(name) has no argument \(ToolArguments.quoted(key)); it \(takes).\(nearest)"
      }
    }
    for argument in self.arguments {
      guard let value = arguments[argument.name], !value.isEmpty else {
        if argument.isRequired { return "The prompt \(name) needs the argument \(argument.name)." }
        continue
      }
      let quoted = ToolArguments.quoted(value)
      switch argument.kind {
      case .days:
        guard let days = Int(value), (1...366).contains(days) else {
          return "\(argument.name) must be a whole number of days from 1 to 366; \"\(quoted)\" is not."
        }
      case .month:
        let parts = value.split(separator: "-")
        guard value.count == 7, parts.count == 2, let year = Int(parts[0]), let month = Int(parts[1]),
          (1...12).contains(month), (1900...9999).contains(year)
        else { return "\(argument.name) must be a month written YYYY-MM, such as 2025-06; \"\(quoted)\" is not one." }
        let now = today.components
        if (year, month) > (now.year, now.month) {
          return "\(argument.name) is \(value), after this month (\(String(today.iso.prefix(7))))."
        }
      case .metric:
        guard MetricCatalogue.metric(value) != nil else {
          return
            "There is no metric \(quoted).\(ToolArguments.nearestMetrics(to: value)) Call list_metrics for every id."
        }
      }
    }
    return nil
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
        Argument(
          name: "days", description: "how many recent days to look at, 1 to 366 (default 14)", isRequired: false,
          kind: .days)
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
        Argument(name: "metric", description: "a metric id, such as activity.steps", isRequired: true, kind: .metric),
        Argument(name: "month", description: "the month to judge, YYYY-MM", isRequired: true, kind: .month),
        Argument(
          name: "baseline_month", description: "the month to compare with, YYYY-MM", isRequired: true, kind: .month),
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
