@testable import PandaCore

/// One call of one MCP tool, and the shape of answer it gives: the calls the output schema
/// checks make, in process and through the official MCP client.
struct ToolCallCase: Sendable, CustomStringConvertible {
  /// The shape of an answer.
  enum Shape: String, Sendable { case normal, truncated, error }

  /// The tool's name.
  var tool: String
  /// The call's arguments.
  var arguments: [String: JSONValue]
  /// The shape of answer the call gives.
  var shape: Shape
  /// Whether it runs on the long export (more workouts than one answer holds).
  var long = false
  /// The tool, the shape and the arguments.
  var description: String { "\(tool) \(shape) \(JSONValue.object(arguments).text)" }

  /// Calls with data and cut answers on the planted data; each normal call is made again on an
  /// empty database.
  static let all: [ToolCallCase] = [
    ToolCallCase(tool: "list_metrics", arguments: [:], shape: .normal),
    ToolCallCase(tool: "list_metrics", arguments: ["metric": "activity.steps"], shape: .error),
    ToolCallCase(
      tool: "daily_values", arguments: ["metric": "activity.steps", "from": "2025-06-01", "to": "2025-06-30"],
      shape: .normal),
    ToolCallCase(
      tool: "daily_values", arguments: ["metric": "sleep.asleep", "from": "2025-06-20", "to": "2025-07-01"],
      shape: .normal),
    ToolCallCase(
      tool: "daily_values", arguments: ["metric": "activity.steps", "from": "2023-01-01", "to": "2025-06-30"],
      shape: .truncated, long: true),
    ToolCallCase(
      tool: "daily_values", arguments: ["metric": "activity.stepz", "from": "2025-06-01", "to": "2025-06-30"],
      shape: .error),
    ToolCallCase(tool: "metrics_on", arguments: ["date": "2025-06-15"], shape: .normal),
    ToolCallCase(tool: "metrics_on", arguments: ["date": "2099-01-01"], shape: .error),
    ToolCallCase(
      tool: "compare_periods",
      arguments: [
        "metric": "activity.steps", "current_from": "2025-06-24", "current_to": "2025-06-30",
        "baseline_from": "2025-05-27", "baseline_to": "2025-06-23",
      ], shape: .normal),
    ToolCallCase(
      tool: "compare_periods",
      arguments: [
        "metric": "body.bodyMass", "current_from": "2025-06-01", "current_to": "2025-06-30",
        "baseline_from": "2025-05-01", "baseline_to": "2025-05-31",
      ], shape: .normal),
    ToolCallCase(
      tool: "compare_periods",
      arguments: [
        "metric": "activity.steps", "current_from": "2025-06-24", "current_to": "2025-06-30",
        "baseline_from": "2020-01-01", "baseline_to": "2020-01-07",
      ], shape: .normal),
    ToolCallCase(
      tool: "compare_periods",
      arguments: [
        "metric": "activity.steps", "current_from": "2025-06-24", "current_to": "2025-06-30",
        "baseline_from": "2023-01-01", "baseline_to": "2025-06-23",
      ], shape: .error),
    ToolCallCase(tool: "insights", arguments: [:], shape: .normal),
    ToolCallCase(tool: "insights", arguments: ["category": "sleep", "period": "weekly"], shape: .normal),
    ToolCallCase(tool: "insights", arguments: ["period": "weakly"], shape: .error),
    ToolCallCase(tool: "workouts", arguments: ["from": "2025-06-01", "to": "2025-06-30"], shape: .normal),
    ToolCallCase(
      tool: "workouts", arguments: ["from": "2025-06-01", "to": "2025-06-30", "type": "running"], shape: .normal),
    ToolCallCase(
      tool: "workouts", arguments: ["from": "2024-01-01", "to": "2025-06-30"], shape: .truncated, long: true),
    ToolCallCase(tool: "workouts", arguments: ["from": "2025-06-30", "to": "2025-06-01"], shape: .error),
    ToolCallCase(
      tool: "period_summary",
      arguments: ["metric": "activity.steps", "from": "2025-02-01", "to": "2025-06-30", "by": "week"], shape: .normal),
    ToolCallCase(
      tool: "period_summary",
      arguments: ["metric": "sleep.asleep", "from": "2024-01-01", "to": "2025-06-30", "by": "year"], shape: .normal),
    ToolCallCase(
      tool: "period_summary",
      arguments: ["metric": "activity.steps", "from": "2020-01-01", "to": "2025-06-30", "by": "week"],
      shape: .truncated, long: true),
    ToolCallCase(
      tool: "period_summary",
      arguments: ["metric": "activity.steps", "from": "2025-02-01", "to": "2025-06-30", "by": "fortnight"],
      shape: .error),
    ToolCallCase(
      tool: "best_worst_days", arguments: ["metric": "activity.steps", "from": "2025-06-01", "to": "2025-06-30"],
      shape: .normal),
    ToolCallCase(
      tool: "best_worst_days",
      arguments: ["metric": "heart.restingHeartRate", "from": "2025-06-01", "to": "2025-06-30", "count": .number(10)],
      shape: .normal),
    ToolCallCase(
      tool: "best_worst_days",
      arguments: ["metric": "activity.steps", "from": "2025-06-01", "to": "2025-06-30", "count": .number(0)],
      shape: .error),
    ToolCallCase(tool: "day_sources", arguments: ["metric": "activity.steps", "date": "2025-06-15"], shape: .normal),
    ToolCallCase(tool: "day_sources", arguments: ["metric": "sleep.asleep", "date": "2025-06-15"], shape: .normal),
    ToolCallCase(tool: "day_sources", arguments: ["metric": "heart.heartRate", "date": "2025-06-15"], shape: .normal),
    ToolCallCase(tool: "day_sources", arguments: ["metric": "activity.steps"], shape: .error),
    ToolCallCase(tool: "relations", arguments: [:], shape: .normal),
    ToolCallCase(tool: "relations", arguments: ["from": "2025-01-01", "to": "2025-06-30"], shape: .normal),
    ToolCallCase(tool: "relations", arguments: ["from": "2025-06-30", "to": "2025-01-01"], shape: .error),
    ToolCallCase(tool: "alerts", arguments: [:], shape: .normal),
    ToolCallCase(tool: "alerts", arguments: ["as_of": "2025-05-01"], shape: .normal),
    ToolCallCase(tool: "alerts", arguments: ["as_of": "2025-13-01"], shape: .error),
    ToolCallCase(tool: "tags", arguments: ["from": "2025-01-01", "to": "2025-06-30"], shape: .normal),
    ToolCallCase(tool: "tags", arguments: ["from": "2025-06-30", "to": "2025-01-01"], shape: .error),
  ]
}
