import Foundation
import Testing

@testable import PandaCLI
@testable import PandaCore
@testable import PandaMCP
@testable import PandaTestSupport

/// `panda mcp` as a real process over pipes: the handshake, the tools and their figures next to
/// the command line's, bad arguments, garbage lines, and a database left byte for byte as it was.
@Suite struct MCPServerTests {
  let data: PlantedTrends
  let environment = ["PANDA_TIMEZONE": "UTC"]

  init() throws {
    data = try PlantedTrends()
    try data.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
  }

  func session() throws -> MCPSession { try MCPSession(["--db", data.path], environment: environment) }

  func structured(_ result: JSONValue?) throws -> JSONValue {
    #expect(result?["isError"] == .bool(false), "\(result?.text ?? "no result")")
    let structured = try #require(result?["structuredContent"])
    // The text content is the same answer.
    let text = try #require(result?["content"]?.arrayValue?.first?["text"]?.stringValue)
    #expect(JSONValue.parse(text) == structured)
    return structured
  }

  func commandJSON(_ arguments: [String]) async throws -> JSONValue {
    let result = await runPanda(arguments + ["--db", data.path, "--format", "json"], environment: environment)
    #expect(result.status == .success, "\(result.error)")
    return try #require(JSONValue.parse(result.output))
  }

  @Test func aClientListsTheToolsWithTheirSchemas() throws {
    let client = try session()
    let initialized = try #require(client.initialize())
    #expect(initialized["protocolVersion"] == .string("2025-06-18"))
    #expect(initialized["serverInfo"]?["name"] == .string("panda"))
    let tools = try #require(client.request("tools/list")?["result"]?["tools"]?.arrayValue)
    #expect(
      tools.compactMap { $0["name"]?.stringValue }
        == [
          "list_metrics", "daily_values", "metrics_on", "compare_periods", "insights", "workouts", "period_summary",
          "best_worst_days", "day_sources", "relations", "alerts", "tags",
        ])
    for tool in tools {
      #expect(tool["inputSchema"]?["type"] == .string("object"))
      #expect(tool["outputSchema"]?["type"] == .string("object"))
    }
    let prompts = try #require(client.request("prompts/list")?["result"]?["prompts"]?.arrayValue)
    #expect(prompts.count == 3)
    let prompt = client.request(
      "prompts/get",
      .object([
        "name": "compare_months",
        "arguments": .object(["metric": "activity.steps", "month": "2025-06", "baseline_month": "2025-05"]),
      ]))
    let text = prompt?["result"]?["messages"]?.arrayValue?.first?["content"]?["text"]?.stringValue ?? ""
    #expect(text.contains("compare_periods") && text.contains("2025-06"))
    #expect(client.finish()?.status == 0)
  }

  @Test func theToolsGiveTheCommandLinesFigures() async throws {
    let client = try session()
    client.initialize()
    let values = try structured(
      client.call("daily_values", ["metric": "activity.steps", "from": "2025-06-01", "to": "2025-06-30"]))
    let metricsOn = try structured(client.call("metrics_on", ["date": "2025-06-15"]))
    let insights = try structured(
      client.call("insights", ["category": "activity", "period": "weekly", "as_of": "2025-07-01"]))
    let comparison = try structured(
      client.call(
        "compare_periods",
        [
          "metric": "activity.steps", "current_from": "2025-06-24", "current_to": "2025-06-30",
          "baseline_from": "2025-05-27", "baseline_to": "2025-06-23",
        ]))
    let listed = try structured(client.call("list_metrics", [:]))
    let workouts = try structured(client.call("workouts", ["from": "2025-06-15", "to": "2025-06-15"]))
    #expect(client.finish()?.status == 0)

    let series = try await commandJSON(["series", "activity.steps", "--from", "2025-06-01", "--to", "2025-06-30"])
    #expect(values["days"] == series["points"])
    let days = try #require(values["days"]?.arrayValue?.compactMap { $0["value"]?.numberValue })
    #expect(days.count == 30)
    let mean = try #require(values["summary"]?["mean"]?.numberValue)
    #expect(abs(mean - days.reduce(0, +) / 30) < 1e-9)
    #expect(values["summary"]?["max"]?.numberValue == days.max())
    #expect(values["daysWithData"] == .number(30) && values["truncated"] == .bool(false))

    let metrics = try await commandJSON(["metrics", "--date", "2025-06-15"])
    #expect(metricsOn["metrics"] == metrics["metrics"])
    #expect(metricsOn["workouts"] == metrics["workouts"])

    let steps = try #require(listed["metrics"]?.arrayValue?.first { $0["id"] == .string("activity.steps") })
    #expect(steps["daysWithData"] == .number(150))
    #expect(steps["firstDay"] == .string("2025-02-01") && steps["lastDay"] == .string("2025-06-30"))

    let dayWorkouts = try #require(workouts["workouts"]?.arrayValue)
    let totals = try #require(metrics["workouts"]?.arrayValue)
    #expect(dayWorkouts.count == Int(totals.compactMap { $0["workouts"]?.numberValue }.reduce(0, +)))

    // The same question through the command line, after: the server stored nothing.
    let command = try await commandJSON([
      "insights", "--category", "activity", "--period", "weekly", "--as-of", "2025-07-01", "-q",
    ])
    #expect(insights["insights"] == command["insights"])
    // Comparing the same windows as the weekly insight gives its figures and verdicts.
    let weekly = try #require(
      insights["insights"]?.arrayValue?.first?["metrics"]?.arrayValue?.first {
        $0["metric"] == .string("activity.steps")
      })
    for (key, figure) in [("current", comparison["current"]?["value"]), ("baseline", comparison["baseline"]?["value"])]
    {
      let expected = try #require(weekly[key]?.numberValue)
      #expect(abs((figure?.numberValue ?? 0) - expected) <= 0.01 * max(1, abs(expected)), "\(key)")
    }
    #expect(comparison["assessment"] == weekly["assessment"])
    #expect(comparison["size"] == weekly["size"] && comparison["evidence"] == weekly["evidence"])
    #expect(comparison["sentence"]?.stringValue?.hasPrefix("Steps averaged ") == true)
  }

  @Test func badArgumentsComeBackAsToolErrorsThatSayWhatToFix() throws {
    let client = try session()
    client.initialize()
    let cases: [(String, [String: JSONValue], String)] = [
      (
        "daily_values", ["metric": "activity.step", "from": "2025-06-01", "to": "2025-06-02"],
        "nearest is activity.steps"
      ),
      ("daily_values", ["metric": "activity.steps", "from": "2025-06-10", "to": "2025-06-01"], "is after to"),
      ("daily_values", ["metric": "activity.steps", "from": "2025-06-01", "to": "2999-01-01"], "in the future"),
      ("daily_values", ["metric": "activity.steps", "from": "2025-06-01"], "needs to"),
      ("metrics_on", ["date": "June 1st"], "YYYY-MM-DD"),
      ("insights", ["period": "weakly"], "Did you mean weekly?"),
      ("workouts", ["from": "2025-06-01", "to": "2025-06-02", "typ": "running"], "Did you mean type?"),
    ]
    for (tool, arguments, expected) in cases {
      let result = client.call(tool, arguments)
      #expect(result?["isError"] == .bool(true), "\(tool) \(arguments)")
      let text = result?["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
      #expect(text.contains(expected), "\(text)")
    }
    let unknown = client.request("tools/call", .object(["name": "daily_value", "arguments": .object([:])]))
    #expect(unknown?["error"]?["code"] == .number(-32602))
    #expect(client.finish()?.status == 0)
  }

  @Test func garbageIsAnsweredAndSurvivedAndTheDatabaseIsLeftAsItWas() throws {
    let before = try Data(contentsOf: URL(fileURLWithPath: data.path))
    let client = try session()
    client.initialize()
    client.send("this is not JSON")
    let parseError = try #require(client.nextLine().flatMap(JSONValue.parse))
    #expect(parseError["error"]?["code"] == .number(-32700))
    #expect(parseError["id"] == .null)
    client.send(#"{"jsonrpc":"2.0","id":7,"method":"resources/read"}"#)
    let unknown = try #require(client.nextLine().flatMap(JSONValue.parse))
    #expect(unknown["error"]?["code"] == .number(-32601) && unknown["id"] == .number(7))
    client.send(#"{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"daily_values","arguments":"#)
    #expect(client.nextLine().flatMap(JSONValue.parse)?["error"]?["code"] == .number(-32700))
    #expect(client.request("ping")?["result"] == .object([:]))
    // Five centuries before the data starts: one answer from its first day, no empty pages.
    let answer = client.call("daily_values", ["metric": "sleep.asleep", "from": "1525-01-01", "to": "2025-06-30"])
    let whole = try structured(answer)
    #expect(whole["truncated"] == .bool(false) && whole["next"] == .null)
    #expect(whole["from"] == "2025-02-01" && whole["days"]?.arrayValue?.count == 150)
    let ended = try #require(client.finish())
    #expect(ended.status == 0)
    #expect(ended.rest.isEmpty)
    #expect(ended.error.contains("read-only"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: data.path)) == before)
  }

  @Test(arguments: [("2024-11-05", "2024-11-05"), ("2025-11-25", "2025-11-25"), ("1999-01-01", "2025-11-25")])
  func theProtocolVersionIsNegotiated(asked: String, agreed: String) throws {
    let client = try session()
    #expect(client.initialize(version: asked)?["protocolVersion"] == .string(agreed))
    let tool = client.request("tools/list")?["result"]?["tools"]?.arrayValue?.first
    // Output schemas and structured content came with 2025-06-18.
    #expect((tool?["outputSchema"] != nil) == (agreed >= "2025-06-18"))
    #expect(client.finish()?.status == 0)
  }

  func errorText(_ result: JSONValue?) -> String {
    #expect(result?["isError"] == .bool(true), "\(result?.text ?? "no result")")
    return result?["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
  }

  @Test func anUnknownWorkoutTypeIsAnErrorNamingTheKnownTypesNearestFirst() throws {
    let client = try session()
    client.initialize()
    let runs = try structured(client.call("workouts", ["from": "2025-02-01", "to": "2025-06-30", "type": "running"]))
    let count = try #require(runs["count"]?.numberValue)
    #expect(count > 0)
    let text = errorText(client.call("workouts", ["from": "2025-02-01", "to": "2025-06-30", "type": "run"]))
    #expect(text.contains("Known types, nearest first: running (\(Int(count)) recorded)"), "\(text)")
    #expect(
      errorText(client.call("workouts", ["from": "2025-02-01", "to": "2025-06-30", "type": ""])).contains("empty"))
    #expect(client.finish()?.status == 0)
  }

  @Test func longArgumentsAreRefusedAtOnceAndQuotedShort() throws {
    let client = try session()
    client.initialize()
    // The longest a line may be (4 MiB) less the request around the argument.
    for size in [100_000, MCPServer.maximumLineLength - 200] {
      let long = String(repeating: "x", count: size)
      let text = errorText(
        client.call("daily_values", ["metric": .string(long), "from": "2025-06-01", "to": "2025-06-02"]))
      #expect(text.contains("at most 1024 bytes"), "\(text.prefix(200))")
      #expect(!text.contains(String(repeating: "x", count: 81)))
      #expect(client.request("ping")?["result"] == .object([:]))
    }
    let unknown = client.request("tools/call", .object(["name": .string(String(repeating: "y", count: 5_000))]))
    #expect((unknown?["error"]?["message"]?.stringValue?.count ?? 0) < 300)
    #expect(client.finish()?.status == 0)
  }

  @Test func jsonRPCIsSpokenAsTheNegotiatedVersionRequires() throws {
    let client = try session()
    client.send(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_metrics"}}"#)
    #expect(client.nextLine().flatMap(JSONValue.parse)?["error"]?["code"] == .number(-32600))
    client.send(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#)
    #expect(client.nextLine().flatMap(JSONValue.parse)?["result"] == .object([:]))
    #expect(client.initialize(version: "2025-03-26")?["protocolVersion"] == "2025-03-26")
    client.send(
      #"[{"jsonrpc":"2.0","id":3,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/progress"},"#
        + #"{"jsonrpc":"2.0","id":"four","method":"tools/list"}]"#)
    let batch = try #require(client.nextLine().flatMap(JSONValue.parse)?.arrayValue)
    #expect(batch.map { $0["id"] } == [.number(3), "four"])
    #expect(batch.last?["result"]?["tools"]?.arrayValue?.isEmpty == false)
    for line in [
      #"{"jsonrpc":"1.0","id":5,"method":"ping"}"#, #"{"id":6,"method":"ping"}"#,
      #"{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}"#,
    ] {
      client.send(line)
      let reply = try #require(client.nextLine().flatMap(JSONValue.parse))
      #expect(reply["error"]?["code"] == .number(-32600), "\(line)")
    }
    let newer = try session()
    newer.initialize(version: "2025-06-18")
    newer.send(#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#)
    let refused = try #require(newer.nextLine().flatMap(JSONValue.parse))
    #expect(refused["error"]?["code"] == .number(-32600))
    #expect(client.finish()?.status == 0 && newer.finish()?.status == 0)
  }

  @Test func promptArgumentsAreCheckedLikeToolArguments() throws {
    let client = try session()
    client.initialize()
    let cases: [(String, [String: JSONValue], String)] = [
      ("sleep_check", ["days": "-5"], "from 1 to 366"),
      ("sleep_check", ["dayz": "5"], "Did you mean days?"),
      ("compare_months", ["metric": "activity.steps", "month": "2026-13", "baseline_month": "2025-05"], "YYYY-MM"),
      (
        "compare_months", ["metric": "activity.step", "month": "2025-06", "baseline_month": "2025-05"], "activity.steps"
      ),
      ("compare_months", ["metric": "activity.steps", "month": "2025-06"], "needs the argument baseline_month"),
    ]
    for (name, arguments, expected) in cases {
      let reply = client.request("prompts/get", .object(["name": .string(name), "arguments": .object(arguments)]))
      #expect(reply?["error"]?["code"] == .number(-32602), "\(name) \(arguments)")
      #expect(reply?["error"]?["message"]?.stringValue?.contains(expected) == true, "\(reply?.text ?? "")")
    }
    let good = client.request("prompts/get", .object(["name": "sleep_check", "arguments": .object(["days": "30"])]))
    #expect(
      good?["result"]?["messages"]?.arrayValue?.first?["content"]?["text"]?.stringValue?.contains("30 days") == true)
    #expect(client.finish()?.status == 0)
  }

  @Test func noDatabaseIsCreated() async throws {
    let folder = try TemporaryFolder()
    let path = folder.file("none.sqlite")
    let client = try MCPSession(["--db", path], environment: environment)
    let ended = try #require(client.finish())
    #expect(ended.status == ExitCode.noInput.rawValue)
    #expect(!FileManager.default.fileExists(atPath: path))
  }
}
