import Foundation
import LoopbackHTTPKit
import Testing

@testable import PandaAnalysis
@testable import PandaCLI
@testable import PandaCore
@testable import PandaTestSupport

/// A server that answers like a well-behaved model: it reads the figures from the prompt and
/// writes an insight using only them.
func wellBehavedModel(_ request: LoopbackServer.Request, _ number: Int) -> LoopbackServer.Reply {
  if request.path.hasSuffix("/models") {
    return .respond(status: 200, body: #"{"object":"list","data":[{"id":"test-model"},{"id":"other"}]}"#)
  }
  let messages = JSONValue.parse(request.text)?["messages"]?.arrayValue ?? []
  let prompt = messages.last?["content"]?.stringValue ?? ""
  if prompt.contains(#"{"ok": true}"#) {
    return .respond(status: 200, body: chatCompletion(#"{"ok":true}"#))
  }
  let figuresLine = prompt.split(separator: "\n").first { $0.hasPrefix("[{") }.map(String.init) ?? "[]"
  let figures = JSONValue.parse(figuresLine)?.arrayValue ?? []
  let metrics = figures.map { figure -> JSONValue in
    let current = figure["current"]?.numberValue ?? 0
    let baseline = figure["baseline"]?.numberValue ?? 0
    return .object([
      "metric": figure["metric"] ?? .null, "assessment": figure["assessment"] ?? .null,
      "message": .string("Now \(JSONText.number(current)), before \(JSONText.number(baseline))."),
    ])
  }
  let reply = JSONValue.object([
    "summary": .string("Here is how your figures compare with before."), "metrics": .array(metrics),
    "encouragement": .array([]),
    "suggestions": .array([]),
  ])
  return .respond(status: 200, body: chatCompletion(reply.text))
}

/// The sentences in `value`: its strings with a space in them.
private func sentences(in value: JSONValue) -> [String] {
  switch value {
  case .string(let string): string.contains(" ") ? [string] : []
  case .array(let items): items.flatMap { sentences(in: $0) }
  case .object(let members): members.values.flatMap { sentences(in: $0) }
  default: []
  }
}

@Suite struct ProviderCommandTests {
  let data: PlantedTrends

  init() throws {
    data = try PlantedTrends()
  }

  func insights(_ server: LoopbackServer, _ extra: [String] = []) async -> (
    status: ExitCode, output: String, error: String
  ) {
    await runPanda(
      [
        "insights", "--db", data.path, "--timezone", "UTC", "--as-of", PlantedTrends.asOf.iso, "--provider", "openai",
        "--base-url", server.baseURL + "/v1", "--model", "test-model", "--format", "json", "-q",
      ] + extra,
      environment: ["PANDA_API_KEY": "sk-test", "XDG_CONFIG_HOME": data.folder.file("config")])
  }

  func entries(_ output: String) throws -> [[String: Any]] {
    let report = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    return try #require(report["insights"] as? [[String: Any]])
  }

  @Test func aWorkingEndpointWritesEveryInsightAndTheCacheKeepsThem() async throws {
    let server = try LoopbackServer(handler: wellBehavedModel)
    let first = await insights(server)
    #expect(first.status == .success)
    let written = try entries(first.output).filter { $0["status"] as? String == "ok" }
    #expect(!written.isEmpty)
    #expect(
      written.allSatisfy {
        $0["fallback"] == nil && $0["summary"] as? String == "Here is how your figures compare with before."
      })
    let calls = server.requests.count
    let second = await insights(server)
    #expect(server.requests.count == calls)
    #expect(
      try entries(second.output).filter { $0["status"] as? String == "ok" }.allSatisfy {
        $0["source"] as? String == "cache"
      })
  }

  @Test func idleTimeoutSetsHowLongASilentStreamIsWaitedFor() async throws {
    let silent = try LoopbackServer { _, _ in .stream(chunks: ["data: {}\n\n", "data: {}\n\n"], interval: .seconds(5)) }
    let result = await insights(silent, ["--category", "activity", "--period", "weekly", "--idle-timeout", "0.5"])
    let entry = try #require(try entries(result.output).first)
    let fallback = try #require(entry["fallback"] as? [String: Any])
    #expect((fallback["reason"] as? String)?.contains("sent nothing for 500 ms") == true)
    #expect(silent.requests.count == 1)
  }

  @Test func idleTimeoutComesFromTheFlagThenTheEnvironmentThenSixtySeconds() throws {
    let flag = try Arguments(["--idle-timeout", "2.5"], command: InsightsCommand.spec)
    #expect(try ProviderOptions.idleTimeoutMilliseconds(flag, environment: ["PANDA_IDLE_TIMEOUT": "9"]) == 2_500)
    #expect(try ProviderOptions.idleTimeoutMilliseconds(Arguments(), environment: ["PANDA_IDLE_TIMEOUT": "9"]) == 9_000)
    #expect(try ProviderOptions.idleTimeoutMilliseconds(Arguments(), environment: [:]) == 60_000)
    #expect(throws: LLMConfiguration.Problem.invalidIdleTimeout("soon")) {
      try ProviderOptions.idleTimeoutMilliseconds(Arguments(), environment: ["PANDA_IDLE_TIMEOUT": "soon"])
    }
    let zero = try Arguments(["--idle-timeout", "0"], command: InsightsCommand.spec)
    #expect(throws: UsageError.self) { try ProviderOptions.idleTimeoutMilliseconds(zero, environment: [:]) }
  }

  @Test func aFailingEndpointFallsBackExits75AndIsNotCached() async throws {
    let failing = try LoopbackServer { _, _ in .respond(status: 503, body: #"{"error":{"message":"overloaded"}}"#) }
    let result = await insights(failing, ["--category", "sleep"])
    #expect(result.status == .temporaryFailure)
    #expect(result.error.contains("panda: the provider failed for "), "\(result.error)")
    #expect(result.error.contains("503"), "\(result.error)")
    let sleep = try entries(result.output).filter { $0["status"] as? String == "ok" }
    #expect(!sleep.isEmpty)
    for entry in sleep {
      let fallback = try #require(entry["fallback"] as? [String: Any])
      #expect((fallback["reason"] as? String)?.contains("503") == true)
    }
    // The next run asks the provider again rather than reusing the fallback.
    let working = try LoopbackServer(handler: wellBehavedModel)
    let again = await insights(working, ["--category", "sleep"])
    #expect(again.status == .success)
    #expect(try entries(again.output).allSatisfy { $0["source"] as? String == "fresh" })
    #expect(!working.requests.isEmpty)
  }

  @Test func aSmallModelThatCopiesTheExampleShowsTheOfflineWordsMarked() async throws {
    let server = try LoopbackServer(handler: echoingModel)
    let result = await runPanda(
      [
        "insights", "--db", data.path, "--timezone", "UTC", "--as-of", PlantedTrends.asOf.iso, "--provider", "llamacpp",
        "--base-url", server.baseURL + "/v1", "--category", "sleep", "--period", "weekly", "-q",
      ],
      environment: ["XDG_CONFIG_HOME": data.folder.file("config")])
    #expect(result.status == .success)
    let example = try #require(server.requests.first.flatMap(exampleReply(in:)))
    for copied in sentences(in: try #require(JSONValue.parse(example))) {
      #expect(!result.output.contains(copied), "\(copied)")
    }
    #expect(!result.output.contains("|"))
    #expect(result.output.contains("† written by the offline analyzer"))
    let offline = await runPanda(
      [
        "insights", "--db", data.path, "--timezone", "UTC", "--as-of", PlantedTrends.asOf.iso, "--category", "sleep",
        "--period", "weekly", "-q", "--refresh",
      ])
    let lines = offline.output.split(separator: "\n")
    let header = try #require(lines.firstIndex { $0.hasPrefix("Sleep · weekly") })
    let offlineSummary = lines[header + 1].trimmingCharacters(in: .whitespaces)
    #expect(result.output.contains("  † " + offlineSummary + "\n"))
  }

  @Test func anUnreachableEndpointForEveryJobExits69() async throws {
    let server = try LoopbackServer { _, _ in .drop }
    let result = await insights(server, ["--category", "activity"])
    #expect(result.status == .unavailable)
    #expect(try entries(result.output).filter { $0["status"] as? String == "ok" }.allSatisfy { $0["fallback"] != nil })
    // Cron keeps standard error only: the reason is there too.
    #expect(result.error.hasPrefix("panda: the provider could not be reached for any insight"), "\(result.error)")
  }

  @Test func onceTheProviderCannotBeReachedTheJobsNotYetStartedAreNotSent() async throws {
    let server = try LoopbackServer { _, _ in .drop }
    let result = await insights(server)
    #expect(result.status == .unavailable)
    let written = try entries(result.output).filter { $0["fallback"] != nil }.count
    // Every job fell back; only those already under way when the first gave up (with their
    // retries) reached the server, not every job's three attempts.
    #expect(written > 6)
    #expect(!server.requests.isEmpty)
    #expect(server.requests.count < written, "\(server.requests.count) requests for \(written) jobs")
  }

  @Test func cachedHeuristicInsightsSurviveAProviderRun() async throws {
    _ = await runPanda(["insights", "--db", data.path, "--timezone", "UTC", "--as-of", PlantedTrends.asOf.iso, "-q"])
    let before = try InsightCache(database: data.database).all().map(\.insight)
    let failing = try LoopbackServer { _, _ in .respond(status: 500, body: "broken") }
    _ = await insights(failing)
    let after = try InsightCache(database: data.database).all().filter { $0.key.provider == "heuristic" }.map(\.insight)
    #expect(after == before)
  }

  @Test func promptPrintsTheMessagesAndSendsNothing() async throws {
    let result = await runPanda([
      "prompt", "--db", data.path, "--timezone", "UTC", "--as-of", PlantedTrends.asOf.iso, "--category", "sleep",
      "--period", "weekly",
    ])
    #expect(result.status == .success)
    #expect(result.output.hasPrefix("--- system ---\nYou are panda"))
    #expect(result.output.contains("--- user ---\nWrite the weekly insight for the sleep category."))
    #expect(result.output.contains("\"metric\":\"sleep.asleep\""))
    #expect(!result.output.contains("Apple Watch"))
    #expect(!result.output.contains("Sam"))
  }

  @Test func aPromptFileInTheConfigFolderOverridesTheBuiltInOne() async throws {
    let prompts = data.folder.file("config/panda/prompts")
    try FileManager.default.createDirectory(atPath: prompts, withIntermediateDirectories: true)
    try "Be brief. Figures: {{figures}}".write(toFile: prompts + "/weekly.md", atomically: true, encoding: .utf8)
    let result = await runPanda(
      [
        "prompt", "--db", data.path, "--timezone", "UTC", "--as-of", PlantedTrends.asOf.iso, "--category", "sleep",
        "--period", "weekly",
      ], environment: ["XDG_CONFIG_HOME": data.folder.file("config")])
    #expect(result.output.contains("--- user ---\nBe brief. Figures: [{"))
    let custom = PromptTemplates(overrideFolder: prompts)
    #expect(custom.version != PromptTemplates().version)
  }

  @Test func doctorChecksTheWholeChain() async throws {
    let server = try LoopbackServer(handler: wellBehavedModel)
    let result = await runPanda(
      [
        "doctor", "--db", data.path, "--provider", "openai", "--base-url", server.baseURL + "/v1", "--model",
        "test-model",
      ],
      environment: ["PANDA_API_KEY": "sk-test", "XDG_CONFIG_HOME": data.folder.file("config")])
    #expect(result.status == .success)
    #expect(result.output.contains("✓ model test-model is available"))
    #expect(result.output.contains("✓ a tiny JSON request worked (structured output: json_schema)"))
    #expect(!result.output.contains("✗"))
  }

  @Test func doctorSaysWhenTheServerIsDown() async throws {
    let server = try LoopbackServer { _, _ in .drop }
    let result = await runPanda(
      ["doctor", "--db", data.path, "--provider", "ollama", "--base-url", server.baseURL + "/v1"],
      environment: ["XDG_CONFIG_HOME": data.folder.file("config")])
    #expect(result.status == .unavailable)
    #expect(result.output.contains("✗ cannot list models"))
  }

  @Test func aMissingKeyIsAConfigurationError() async {
    let result = await runPanda(
      ["insights", "--db", data.path, "--provider", "openai"],
      environment: ["XDG_CONFIG_HOME": data.folder.file("config"), "HOME": data.folder.path])
    #expect(result.status == .configuration)
    #expect(result.error.contains("OPENAI_API_KEY"))
    #expect(result.error.contains("PANDA_API_KEY"))
  }
}

@Suite struct LLMConfigurationTests {
  @Test func flagsBeatTheEnvironmentWhichBeatsTheFile() throws {
    let file = SettingsFile.parse(
      """
      # panda settings
      base_url = http://file.example:1/v1
      model = "from-file"
      api_key = file-key
      """)
    let fromFile = try LLMConfiguration.resolve(provider: "openai", flags: [:], environment: [:], file: file)
    #expect(fromFile.baseURL == "http://file.example:1/v1")
    #expect(fromFile.model == "from-file")
    #expect(fromFile.apiKey == "file-key")
    let fromEnvironment = try LLMConfiguration.resolve(
      provider: "openai", flags: [:], environment: ["PANDA_MODEL": "env-model", "OPENAI_BASE_URL": "http://env:2/v1/"],
      file: file)
    #expect(fromEnvironment.model == "env-model")
    #expect(fromEnvironment.baseURL == "http://env:2/v1")
    let fromFlags = try LLMConfiguration.resolve(
      provider: "openai", flags: ["model": "flag-model"], environment: ["PANDA_MODEL": "env-model"], file: file)
    #expect(fromFlags.model == "flag-model")
  }

  @Test(arguments: [
    ("0.0.0.0:11434", "http://127.0.0.1:11434/v1"), ("http://gpu-box:11434", "http://gpu-box:11434/v1"),
  ])
  func ollamaHostWorksWithOrWithoutAScheme(host: String, expected: String) throws {
    let configuration = try LLMConfiguration.resolve(
      provider: "ollama", flags: [:], environment: ["OLLAMA_HOST": host], file: [:])
    #expect(configuration.baseURL == expected)
    #expect(configuration.apiKey == nil)
  }

  @Test func presetsFillInTheLocalBaseURL() throws {
    #expect(
      try LLMConfiguration.resolve(provider: "llamacpp", flags: [:], environment: [:], file: [:]).baseURL
        == "http://127.0.0.1:8080/v1")
    #expect(
      try LLMConfiguration.resolve(provider: "ollama", flags: [:], environment: [:], file: [:]).baseURL
        == "http://localhost:11434/v1")
  }

  @Test func anOpenAIKeyIsNotSentToOtherHosts() throws {
    let local = try LLMConfiguration.resolve(
      provider: "ollama", flags: [:], environment: ["OPENAI_API_KEY": "sk-openai"], file: [:])
    #expect(local.apiKey == nil)
    let openAI = try LLMConfiguration.resolve(
      provider: "openai", flags: [:], environment: ["OPENAI_API_KEY": "sk-openai"], file: [:])
    #expect(openAI.apiKey == "sk-openai")
    let alongside = try LLMConfiguration.resolve(
      provider: "openai", flags: [:],
      environment: ["OPENAI_API_KEY": "sk-proxy", "OPENAI_BASE_URL": "http://proxy.local/v1"], file: [:])
    #expect(alongside.apiKey == "sk-proxy")
  }

  @Test func aHostThatNeedsAKeyNamesTheVariable() {
    #expect(throws: LLMConfiguration.Problem.missingKey(host: "openrouter.ai", variable: "OPENROUTER_API_KEY")) {
      try LLMConfiguration.resolve(
        provider: "openai", flags: ["base-url": "https://openrouter.ai/api/v1"], environment: [:], file: [:])
    }
  }
}
