import Foundation
import LoopbackHTTPKit
import Testing

@testable import PandaCore
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

/// Every `panda …` example line of docs/*.md is run, in the order the pages give them, against
/// one generated database whose data ends on 2025-06-30 (the day the examples name), in
/// process, and the servers (`mcp`, `receive`) as child processes. Each must end as its page says, and what its comment quotes of the output is what
/// panda prints: the fields of a JSON sample, a day count, a stored value, the version line.
/// Files and addresses are the test's own (a loopback server for `https://example.org/…`);
/// `as-of latest`, one of the examples, keeps the judged day on the data.
@Suite struct DocsExamplesTests {
  /// One example: its page, its line, the command words after `panda` and its comment.
  struct Example: CustomStringConvertible {
    var page: String
    var line: String
    var words: [String]
    var comment: String?
    var description: String { "\(page): \(line)" }
  }

  /// The lines not run here, each with why; ReadmeExamplesTests still parses them.
  static let notRun: [(prefix: String, why: String)] = [
    ("insights --provider openai --model", "needs the OpenAI service")
  ]

  /// Lines that need a language model server: without one they end 69, or 78 where none is
  /// named, with the reason on stderr.
  static let needsAModel = ["insights --provider", "ask "]

  /// Lines that send to every destination: the MQTT one has no broker here (its address is a
  /// closed port) and the mail server's login is a stand-in, so they may end 69, 75 or 78,
  /// naming only those.
  static let sends = ["notify test", "deliver"]

  /// Every example of docs/*.md, continuation lines joined, `[optional]` parts left out.
  static func examples() throws -> [Example] {
    try Documentation.pages().dropFirst().flatMap { page in
      Documentation.exampleLines(in: try String(contentsOf: page, encoding: .utf8)).map {
        Example(
          page: page.lastPathComponent, line: $0.line, words: Documentation.words($0.command),
          comment: $0.comment)
      }
    }
  }

  @Test func everyExampleInDocsRunsAndPrintsWhatItsCommentSays() async throws {
    let examples = try Self.examples()
    #expect(examples.count > 90)
    let folder = try TemporaryFolder()
    let data = try PlantedTrends()
    // The import examples read an export of their own, into a database of their own.
    let imports = folder.file("imports.sqlite")
    let export = SyntheticExport(days: 20, lastDay: Int64(PlantedTrends.asOf.ordinal - 1), detail: .light)
    try export.writeZip(to: folder.file("export.zip"))
    try FileManager.default.createDirectory(
      atPath: folder.file("apple_health_export"), withIntermediateDirectories: true)
    try export.writeXML(to: folder.file("apple_health_export/export.xml"))
    let sync = folder.file("Sync/Health Auto Export")
    try FileManager.default.createDirectory(atPath: sync, withIntermediateDirectories: true)
    for name in ["days.json", "sleep-nights.json"] {
      try FileManager.default.copyItem(
        atPath: Fixtures.path("health-auto-export/\(name)"), toPath: "\(sync)/\(name)")
    }
    try FileManager.default.copyItem(
      atPath: Fixtures.path("health-auto-export/days-later.json"),
      toPath: folder.file("HealthAutoExport-2026-11-24.json"))
    let hook = try LoopbackServer { _, _ in .respond(status: 200, body: "{}") }
    let mail = try LoopbackSMTPServer(replies: ["AUTH": "235 2.7.0 Authentication successful"])
    defer {
      hook.stop()
      mail.stop()
    }
    let environment = [
      "PANDA_DB": data.path, "PANDA_TIMEZONE": "UTC", "HOME": folder.path, "XDG_CONFIG_HOME": folder.file("config"),
      "XDG_DATA_HOME": folder.file("data"), "PANDA_HOOK_SECRET": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      "NTFY_TOKEN": "tk", "HA_TOKEN": "token", "MQTT_USER": "panda", "MQTT_PASSWORD": "secret",
      "OLLAMA_HOST": "http://127.0.0.1:9", "OPENAI_API_KEY": "sk-test", "SMTP_USER": "panda",
      "SMTP_PASSWORD": "secret",
    ]
    // `log edit 12` and `log delete 12` name the first entry the examples log.
    for _ in 1...11 {
      _ = await runPanda(["log", "water", "100ml", "--at", "2025-06-01 08:00"], environment: environment)
    }
    func substituted(_ word: String) throws -> String {
      let files = [
        "export.zip", "apple_health_export/export.xml", "apple_health_export", "report.html", "june.html",
        "demo.html", "sample.zip", "HealthAutoExport-2026-11-24.json",
      ]
      if files.contains(word) { return folder.file(word) }
      if word.hasPrefix("$HOME/") { return folder.path + word.dropFirst("$HOME".count) }
      if word.hasPrefix("~/") && word.hasSuffix(".sqlite") { return data.path }
      if word.hasPrefix("smtp://") { return "smtp://127.0.0.1:\(mail.port)" }
      if word.hasPrefix("mqtt://") { return "mqtt://127.0.0.1:9" }
      if let match = word.firstMatch(of: /^https?:\/\/(example\.org|ntfy\.sh|homeassistant\.local:8123)(.*)$/) {
        return hook.baseURL + match.output.2
      }
      if word == "msg_…" {
        let database = try Database.openPanda(at: data.path)
        return try database.firstRow("SELECT id FROM outbox WHERE state != 'sent' ORDER BY created_at, id")?.text("id")
          ?? word
      }
      return word
    }
    var ran = 0
    var skipped = 0
    for example in examples {
      let command = example.words.joined(separator: " ")
      if Self.notRun.contains(where: { command.hasPrefix($0.prefix) }) {
        skipped += 1
        continue
      }
      let words = try example.words.map(substituted)
      var runEnvironment = environment
      if words.first == "import" { runEnvironment["PANDA_DB"] = imports }
      // The servers run as processes: `mcp` answers an initialize and a call on its standard
      // input; `receive` listens on a port of the test's (without -q, whose address line it reads)
      // and answers a push.
      if words.first == "mcp" {
        let session = try MCPSession(Array(words.dropFirst()), environment: runEnvironment)
        #expect(session.initialize()?["serverInfo"]?["name"]?.stringValue == "panda", "\(example)")
        #expect(session.call("list_metrics", [:])?["isError"] != .bool(true), "\(example)")
        ran += 1
        continue
      }
      if words.starts(with: ["receive", "--listen"]) {
        let receiver = try ReceiverProcess(
          words.dropFirst(3).filter { $0 != "-q" },
          environment: runEnvironment.merging(["PANDA_RECEIVE_TOKEN": "t0ken-for-the-docs-examples"]) { $1 })
        let token = words.contains("--token-env") ? ["Authorization: Bearer t0ken-for-the-docs-examples"] : []
        let reply = rawRequest(
          port: receiver.port, headers: token + ["Content-Type: application/json"],
          body: Array(#"{"data":{"metrics":[],"workouts":[]}}"#.utf8))
        #expect(reply?.status == 200, "\(example): \(reply?.body ?? "no answer") \(receiver.error)")
        receiver.stop()
        ran += 1
        continue
      }
      let result = await runPanda(words, environment: runEnvironment)
      ran += 1
      if Self.needsAModel.contains(where: command.hasPrefix) {
        #expect([.success, .unavailable, .configuration].contains(result.status), "\(example)\n\(result.error)")
        if result.status != .success { #expect(!result.error.isEmpty, "\(example)") }
        continue
      }
      if Self.sends.contains(where: command.hasPrefix), result.status != .success {
        #expect(
          [.unavailable, .temporaryFailure, .configuration].contains(result.status), "\(example)\n\(result.error)")
        let reasons = result.error.split(separator: "\n")
        #expect(
          !reasons.isEmpty && reasons.allSatisfy { $0.contains("mqtt") || $0.contains("email") },
          "\(example)\n\(result.error)")
        continue
      }
      #expect(result.status == .success, "\(example)\n\(result.error)")
      guard let comment = example.comment else { continue }
      // A JSON sample names fields the output has.
      if comment.hasPrefix("{") || comment.hasPrefix("[") {
        for key in comment.matches(of: /"([A-Za-z]+)":/).map({ String($0.output.1) }) {
          #expect(result.output.contains("\"\(key)\""), "\(example): no \(key) in \(result.output.prefix(400))")
        }
      }
      // "the 90 days up to yesterday": the output names that many days, or a span as long.
      if let days = comment.firstMatch(of: /the ([\d,]+) days up to/)?.output.1 {
        let span = result.output.firstMatch(of: /from (\d{4}-\d\d-\d\d) to (\d{4}-\d\d-\d\d)/).flatMap { match in
          CalendarDay(iso: String(match.output.1)).flatMap { first in
            CalendarDay(iso: String(match.output.2)).map { first.days(to: $0) + 1 }
          }
        }
        #expect(
          result.output.contains("\(days) days") || span.map { "\($0)" } == String(days),
          "\(example): \(result.output.prefix(400))")
      }
      if let stored = comment.firstMatch(of: /^stored as (.+)$/)?.output.1 {
        #expect(result.output.contains(stored), "\(example): \(result.output)")
      }
      if example.words == ["--version"] {
        #expect(result.output.hasPrefix("panda ") && result.output.contains(" commit"), "\(result.output)")
      }
    }
    #expect(ran == examples.count - skipped)
    // Each line left out is one the list names, and the list names no line that is not there.
    for (prefix, why) in Self.notRun {
      #expect(examples.contains { $0.words.joined(separator: " ").hasPrefix(prefix) }, "\(prefix) (\(why))")
    }
  }
}
