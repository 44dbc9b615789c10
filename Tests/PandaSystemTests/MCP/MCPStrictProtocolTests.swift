import Foundation
import Testing

@testable import PandaCore
@testable import PandaImport
@testable import PandaMCP
@testable import PandaStore
@testable import PandaTestSupport

/// `panda mcp` as strict as JSON-RPC 2.0 and MCP, as a real process over pipes: ids echoed as
/// written, lines that are not UTF-8 or too long refused, `initialize` and cursors checked,
/// `period_summary` paging over data only, suggestions from metric names, and a client's text
/// echoed with its control and bidirectional characters escaped.
@Suite struct MCPStrictProtocolTests {
  let data: PlantedTrends
  let environment = ["PANDA_TIMEZONE": "UTC"]

  init() throws {
    data = try PlantedTrends()
    try data.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
  }

  func session(_ path: String? = nil) throws -> MCPSession {
    try MCPSession(["--db", path ?? data.path], environment: environment)
  }

  /// Sends `line` and returns the reply line as written and parsed.
  func exchange(_ client: MCPSession, _ line: String) throws -> (text: String, reply: JSONValue) {
    client.send(line)
    let text = try #require(client.nextLine(), "no reply to \(line.prefix(200))")
    return (text, try #require(JSONValue.parse(text), "\(text)"))
  }

  @Test func idsAreStringsOrIntegersEchoedAsWritten() throws {
    let client = try session()
    client.initialize()
    let long = "123456789012345678901234567890"
    for id in [long, "-\(long)", "0", "\"\u{1F43C} \\\"x\\\"\"", "\"\""] {
      let (text, reply) = try exchange(client, #"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"#)
      #expect(text.contains(#""id":\#(id),"#), "\(text)")
      #expect(reply["result"] == .object([:]), "\(text)")
    }
    // A fraction, an exponent, a number too large for a double, null and other values are
    // refused, and the reply's id is null: JSON-RPC cannot tell which request it answers.
    for id in ["1.5", "1e400", "1e2", "1.0", "-0.0", "null", "true", "{\"a\":1}", "[1]"] {
      let (text, reply) = try exchange(client, #"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"#)
      #expect(reply["error"]?["code"] == .number(-32600), "\(id): \(text)")
      #expect(reply["id"] == .null && text.contains(#""id":null"#), "\(id): \(text)")
    }
    // A tool call answers with the same digits.
    let (text, _) = try exchange(
      client, #"{"jsonrpc":"2.0","id":98765432109876543210,"method":"tools/call","params":{"name":"list_metrics"}}"#)
    #expect(text.contains(#""id":98765432109876543210,"#), "\(text.prefix(200))")
    #expect(client.finish()?.status == 0)
  }

  @Test func aLineThatIsNotUTF8IsAParseErrorAndTheServerGoesOn() throws {
    let client = try session()
    client.initialize()
    let lines: [[UInt8]] = [
      // A lone continuation byte, an overlong "/", an encoded surrogate, a byte never in UTF-8,
      // each inside an otherwise good request.
      [0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xFF], [0xF4, 0x90, 0x80, 0x80],
    ].map { bad in
      Array(
        #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"daily_values","arguments":{"metric":""#.utf8)
        + bad + Array(#""}}}"#.utf8) + [0x0A]
    }
    for line in lines {
      client.send(bytes: Data(line))
      let reply = try #require(client.nextLine().flatMap(JSONValue.parse))
      #expect(reply["error"]?["code"] == .number(-32700), "\(reply.text)")
      #expect(reply["id"] == .null)
      #expect(reply["error"]?["message"]?.stringValue?.contains("UTF-8") == true, "\(reply.text)")
    }
    // Well-formed UTF-8 beyond ASCII is read as it is.
    let fine = client.call("daily_values", ["metric": "schl\u{E4}f", "from": "2025-06-01", "to": "2025-06-02"])
    #expect(fine?["isError"] == .bool(true))
    #expect(fine?["content"]?.arrayValue?.first?["text"]?.stringValue?.contains("schl\u{E4}f") == true)
    #expect(client.request("ping")?["result"] == .object([:]))
    #expect(client.finish()?.status == 0)
  }

  @Test func initializeIsCheckedAndAnsweredOnce() throws {
    let client = try session()
    // Before initialize: only ping is answered; a notification is not answered at all.
    #expect(client.request("tools/list")?["error"]?["code"] == .number(-32600))
    #expect(client.request("ping")?["result"] == .object([:]))
    let good: [String: JSONValue] = [
      "protocolVersion": "2025-06-18", "capabilities": .object([:]),
      "clientInfo": .object(["name": "tests", "version": "1"]),
    ]
    var broken: [([String: JSONValue], String)] = [
      ([:], "protocolVersion"), (good.merging(["protocolVersion": .number(2025)]) { $1 }, "protocolVersion"),
      (good.merging(["capabilities": "all"]) { $1 }, "capabilities"),
      (good.filter { $0.key != "capabilities" }, "capabilities"),
      (good.filter { $0.key != "clientInfo" }, "clientInfo"),
      (good.merging(["clientInfo": .object(["name": "tests"])]) { $1 }, "clientInfo.version"),
      (good.merging(["clientInfo": .object(["version": "1"])]) { $1 }, "clientInfo.name"),
    ]
    broken.append((good.merging(["clientInfo": .object(["name": .number(1), "version": "1"])]) { $1 }, "name"))
    for (params, named) in broken {
      let reply = client.request("initialize", .object(params))
      #expect(reply?["error"]?["code"] == .number(-32602), "\(params)")
      #expect(reply?["error"]?["message"]?.stringValue?.contains(named) == true, "\(reply?.text ?? "")")
      // A refused initialize leaves the session uninitialized.
      #expect(client.request("tools/list")?["error"]?["code"] == .number(-32600))
    }
    let paramsNotAnObject = try exchange(client, #"{"jsonrpc":"2.0","id":"p","method":"initialize","params":[1]}"#)
    #expect(paramsNotAnObject.reply["error"]?["code"] == .number(-32602))
    let first = client.request("initialize", .object(good))
    #expect(first?["result"]?["protocolVersion"] == "2025-06-18")
    client.send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
    let second = client.request("initialize", .object(good.merging(["protocolVersion": "2024-11-05"]) { $1 }))
    #expect(second?["error"]?["code"] == .number(-32600), "\(second?.text ?? "")")
    #expect(second?["error"]?["message"]?.stringValue?.contains("already initialized") == true)
    // The session keeps the version agreed first: output schemas came with 2025-06-18.
    let tools = client.request("tools/list")?["result"]?["tools"]?.arrayValue
    #expect(tools?.first?["outputSchema"] != nil)
    #expect(client.finish()?.status == 0)
  }

  @Test func aCursorPandaDidNotGiveOutIsRefused() throws {
    let client = try session()
    client.initialize()
    for method in ["tools/list", "prompts/list"] {
      let listed = client.request(method)
      #expect(listed?["result"] != nil && listed?["result"]?["nextCursor"] == nil, "\(method)")
      #expect(client.request(method, .object(["cursor": .null]))?["result"] != nil, "\(method)")
      for cursor: JSONValue in ["abc", "", .number(2), .object([:])] {
        let reply = client.request(method, .object(["cursor": cursor]))
        #expect(reply?["error"]?["code"] == .number(-32602), "\(method) \(cursor.text): \(reply?.text ?? "")")
        #expect(reply?["error"]?["message"]?.stringValue?.contains("cursor") == true)
      }
    }
    #expect(client.finish()?.status == 0)
  }

  @Test func anOverlongLineIsDroppedInBoundedMemoryAndAnswered() throws {
    let client = try session()
    client.initialize()
    let before = try #require(client.peakMemory())
    // 64 MiB in one request, sixteen times the limit: dropped as it streams in, never held.
    let size = 16 * MCPServer.maximumLineLength
    var line = Data(
      #"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"daily_values","arguments":{"metric":""#.utf8)
    line.append(Data(repeating: UInt8(ascii: "x"), count: size))
    line.append(Data("\"}}}\n".utf8))
    let length = line.count - 1
    client.send(bytes: line)
    let reply = try #require(client.nextLine(within: 60).flatMap(JSONValue.parse))
    #expect(reply["error"]?["code"] == .number(-32600) && reply["id"] == .null, "\(reply.text)")
    let message = reply["error"]?["message"]?.stringValue ?? ""
    #expect(message.contains("\(length) bytes") && message.contains("at most \(MCPServer.maximumLineLength)"))
    let after = try #require(client.peakMemory())
    #expect(after - before < size / 4, "peak resident memory grew by \(after - before) bytes for a \(size)-byte line")
    // A line at the limit is still read, and the session goes on.
    #expect(client.request("ping")?["result"] == .object([:]))
    let longest = String(repeating: "y", count: MCPServer.maximumLineLength - 200)
    let near = client.call("daily_values", ["metric": .string(longest), "from": "2025-06-01", "to": "2025-06-02"])
    #expect(near?["content"]?.arrayValue?.first?["text"]?.stringValue?.contains("at most 1024 bytes") == true)
    let ended = try #require(client.finish())
    #expect(ended.status == 0 && ended.error.contains("dropped"))
  }

  @Test func periodSummaryPagesOverStretchesWithData() throws {
    // One day of steps on the 15th of each month from 2019 to mid-2025: 78 weeks with data, years apart.
    let folder = try TemporaryFolder()
    var days: [String] = []
    for year in 2019...2025 {
      for month in 1...(year == 2025 ? 6 : 12) { days.append(String(format: "%04d-%02d-15", year, month)) }
    }
    let records = days.enumerated().map { index, day in
      stepRecord(start: "\(day) 00:00:00 +0000", end: "\(day) 23:59:00 +0000", value: "\(1_000 + index)")
    }
    let xml = try folder.write("export.xml", exportXML(records.joined(separator: "\n")))
    let path = folder.file("sparse.sqlite")
    let database = try Database.openPanda(at: path)
    _ = try ExportImporter(database: database, context: DailyContext(zone: TimeZone(identifier: "UTC")!))
      .importExport(at: xml)
    try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    let client = try session(path)
    client.initialize()
    var pages: [JSONValue] = []
    var range: (from: String, to: String)? = ("0001-01-01", "2025-06-30")
    while let asked = range, pages.count < 10 {
      let result = client.call(
        "period_summary",
        ["metric": "activity.steps", "from": .string(asked.from), "to": .string(asked.to), "by": "week"])
      let page = try #require(result?["structuredContent"], "\(result?.text.prefix(300) ?? "no answer")")
      pages.append(page)
      range = nil
      if let from = page["next"]?["from"]?.stringValue, let to = page["next"]?["to"]?.stringValue { range = (from, to) }
    }
    // 78 stretches at 60 a page: two pages, every stretch holding its one day.
    #expect(pages.count == 2)
    let groups = pages.reversed().flatMap { $0["groups"]?.arrayValue ?? [] }
    #expect(groups.count == days.count)
    for (group, day) in zip(groups, days) {
      let from = group["from"]?.stringValue ?? ""
      let to = group["to"]?.stringValue ?? ""
      #expect(from <= day && day <= to && group["days"] == .number(1), "\(day): \(group.text)")
    }
    #expect(pages[0]["truncated"] == .bool(true) && pages[1]["truncated"] == .bool(false))
    // The older page is asked for up to its last day with data.
    #expect(pages[0]["next"]?["to"] == .string(days[days.count - 61]), "\(pages[0]["next"]?.text ?? "")")
    // By month from year one, the planted export's five months come in one page.
    let planted = try session()
    planted.initialize()
    let months = planted.call(
      "period_summary", ["metric": "activity.steps", "from": "0001-01-01", "to": "2025-06-30", "by": "month"])
    let summary = try #require(months?["structuredContent"])
    #expect(summary["truncated"] == .bool(false) && summary["from"] == "2025-02-01")
    #expect(
      summary["groups"]?.arrayValue?.compactMap { $0["period"]?.stringValue } == [
        "2025-02", "2025-03", "2025-04", "2025-05", "2025-06",
      ])
    #expect(client.finish()?.status == 0 && planted.finish()?.status == 0)
  }

  @Test func aMetricNotFoundIsAnsweredWithTheNearestNamesAndShortNames() throws {
    let client = try session()
    client.initialize()
    let cases: [(String, String)] = [("step", "activity.steps"), ("heart_rates", "heart.heartRate")]
    for (typed, nearest) in cases {
      let result = client.call("daily_values", ["metric": .string(typed), "from": "2025-06-01", "to": "2025-06-02"])
      let text = result?["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
      #expect(result?["isError"] == .bool(true) && text.contains(nearest), "\(typed): \(text)")
      #expect(!text.contains("sleep.") && !text.contains("heart.hrv"), "\(typed): \(text)")
    }
    // A prompt takes ids only, and names the id of the short name it was given.
    for (typed, nearest) in [("steps", "activity.steps"), ("heart_rate", "heart.heartRate")] {
      let reply = client.request(
        "prompts/get",
        .object([
          "name": "compare_months",
          "arguments": .object(["metric": .string(typed), "month": "2025-06", "baseline_month": "2025-05"]),
        ]))
      let message = reply?["error"]?["message"]?.stringValue ?? ""
      #expect(message.contains("The nearest is \(nearest)."), "\(typed): \(message)")
    }
    #expect(client.finish()?.status == 0)
  }

  @Test func controlAndBidirectionalCharactersAreEscapedWhereAClientsTextIsEchoed() throws {
    let client = try session()
    client.initialize()
    let forged = "evil\u{202E}gnp.exe\u{2066}\u{1B}[31m"
    let escaped = #"evil\u{202E}gnp.exe\u{2066}\u{1B}[31m"#
    let tool = client.call("daily_values", ["metric": .string(forged), "from": "2025-06-01", "to": "2025-06-02"])
    let method = client.request(forged)?["error"]?["message"]?.stringValue
    let unknownTool = client.request("tools/call", .object(["name": .string(forged)]))?["error"]?["message"]
    let prompt = client.request("prompts/get", .object(["name": "sleep_check", "arguments": .object([forged: "1"])]))
    let echoed = [
      tool?["content"]?.arrayValue?.first?["text"]?.stringValue, method, unknownTool?.stringValue,
      prompt?["error"]?["message"]?.stringValue,
    ]
    for text in echoed {
      let shown = try #require(text)
      #expect(shown.contains(escaped), "\(shown)")
      #expect(!shown.unicodeScalars.contains { EchoedText.isControl($0) }, "\(shown)")
    }
    #expect(client.finish()?.status == 0)
  }
}
