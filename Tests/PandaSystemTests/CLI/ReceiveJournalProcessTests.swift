import Foundation
import Testing

@testable import PandaCLI
@testable import PandaTestSupport

/// Symptoms and State of Mind entries pushed to a running `panda receive` over a real socket,
/// then read back by `series` and `status` as the person's days.
@Suite(.endsItsChildren) struct ReceiveJournalProcessTests {
  static let token = "test-token-2b8e4d"
  let folder: TemporaryFolder
  let databasePath: String
  let environment = ["TZ": "Europe/Paris", "PANDA_TEST_TOKEN": token]

  init() throws {
    folder = try TemporaryFolder()
    databasePath = folder.file("db/panda.sqlite")
  }

  static let push = """
    {
      "data" : {
        "metrics" : [
          { "name" : "step_count", "units" : "count",
            "data" : [ { "date" : "2026-11-24 08:00:00 +0100", "qty" : 1204, "source" : "Sam’s iPhone" } ] }
        ],
        "symptoms" : [
          { "start" : "2026-11-24 00:20:00 +0100", "end" : "2026-11-24 02:00:00 +0100", "name" : "Headache",
            "severity" : "Moderate", "userEntered" : true, "source" : "Health Auto Export" },
          { "start" : "2026-11-25 09:00:00 +0100", "end" : "2026-11-25 09:00:00 +0100", "name" : "Fever",
            "severity" : "Not Present", "userEntered" : true, "source" : "Health Auto Export" }
        ],
        "stateOfMind" : [
          { "id" : "5F0C2A7E-0001", "start" : "2026-11-24 21:00:00 +0100", "end" : "2026-11-24 21:01:00 +0100",
            "kind" : "mood", "labels" : [ "Stressed" ], "associations" : [ "Work" ], "valence" : -0.5,
            "valenceClassification" : -1, "metadata" : { } }
        ]
      }
    }
    """

  func send(to receiver: ReceiverProcess) throws -> RawHTTPResponse {
    try #require(
      rawRequest(
        port: receiver.port, headers: ["Authorization: Bearer \(Self.token)"], body: Array(Self.push.utf8)))
  }

  func panda(_ arguments: [String]) async -> (status: ExitCode, output: String, error: String) {
    await runPanda(arguments + ["--db", databasePath], environment: environment)
  }

  @Test func pushedSymptomsAndMoodsAreShownOnTheirDaysAndStoredOnce() async throws {
    let receiver = try ReceiverProcess(
      ["--token-env", "PANDA_TEST_TOKEN", "--db", databasePath], environment: environment)
    let first = try send(to: receiver)
    #expect(first.status == 200, "\(first.body)")
    #expect(first.json["records"] as? Int == 4)
    #expect(first.json["new"] as? Int == 4)
    let again = try send(to: receiver)
    #expect(again.status == 200, "\(again.body)")
    #expect(again.json["new"] as? Int == 0)
    receiver.send(SIGTERM)
    #expect(receiver.finish(within: 30) == 0)

    let headache = await panda(["series", "symptom:headache", "--from", "2026-11-20", "--to", "2026-11-26"])
    #expect(headache.status == .success, "\(headache.error)")
    #expect(headache.output.contains("symptom:headache, 2026-11-20 to 2026-11-26: 1 day of 7"), "\(headache.output)")
    // 00:20 in Paris: the 24th, not the 23rd it is in UTC.
    #expect(headache.output.contains("  2026-11-24  Health: headache"), "\(headache.output)")
    let fever = await panda([
      "series", "symptom:fever", "--from", "2026-11-20", "--to", "2026-11-26", "--format", "csv",
    ])
    #expect(fever.output == "date,kind,name\n")
    let all = await panda(["series", "tags", "--from", "2026-11-20", "--to", "2026-11-26", "--format", "csv"])
    #expect(
      all.output
        == "date,kind,name\n2026-11-24,symptom,headache\n2026-11-24,tag,mood-stressed\n"
        + "2026-11-24,tag,mood-unpleasant\n2026-11-24,tag,work\n")
    let status = await panda(["status"])
    let lines = status.output.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
    for event in ["symptom headache", "tag mood-stressed", "tag mood-unpleasant", "tag work"] {
      #expect(lines.contains("\(event) 1 day 2026-11-24 → 2026-11-24"), "\(status.output)")
    }
    #expect(!lines.contains { $0.hasPrefix("symptom fever") }, "\(status.output)")
  }
}
