import Foundation
import LoopbackHTTPKit

@testable import PandaCore

/// A scripted chat model for `panda ask`: it asks for a week of steps, then answers with one
/// claim, the week's total.
enum ScriptedAskModel {
  /// The one claim the model sends: the total of steps from 24 to 30 June 2025.
  static let claim = JSONValue.object([
    "kind": "stat", "metric": "activity.steps", "stat": "total", "from": "2025-06-24", "to": "2025-06-30",
  ])

  /// A model that asks for a week of steps, then sends one claim: the week's total.
  static func weekOfSteps(streamed: Bool) throws -> LoopbackServer {
    try LoopbackServer { request, index in
      if index == 0 {
        let call = JSONValue.object([
          "id": "call_1", "type": "function",
          "function": .object([
            "name": "daily_values",
            "arguments": .string(#"{"metric":"activity.steps","from":"2025-06-24","to":"2025-06-30"}"#),
          ]),
        ])
        return reply(content: nil, calls: [call], streamed: streamed)
      }
      return reply(content: nil, calls: [answer([claim])], streamed: streamed)
    }
  }

  /// The call of `answer` with `claims`.
  static func answer(_ claims: [JSONValue]) -> JSONValue {
    .object([
      "id": "call_answer", "type": "function",
      "function": .object([
        "name": "answer", "arguments": .string(JSONValue.object(["claims": .array(claims)]).text),
      ]),
    ])
  }

  /// The reply of a model that says `content` and calls `calls`: one JSON body, or streamed in
  /// server-sent events with each call's arguments split in two.
  static func reply(content: String?, calls: [JSONValue], streamed: Bool) -> LoopbackServer.Reply {
    var message: [String: JSONValue] = ["role": "assistant", "content": content.map(JSONValue.string) ?? .null]
    if !calls.isEmpty { message["tool_calls"] = .array(calls) }
    let finish: JSONValue = calls.isEmpty ? "stop" : "tool_calls"
    guard streamed else {
      let body = JSONValue.object([
        "choices": .array([.object(["index": .number(0), "message": .object(message), "finish_reason": finish])])
      ])
      return .respond(status: 200, headers: ["Content-Type": "application/json"], body: body.text)
    }
    // Tool calls arrive in pieces: the name first, the arguments split in two.
    var deltas: [JSONValue] = []
    for (index, call) in calls.enumerated() {
      let arguments = call["function"]?["arguments"]?.stringValue ?? ""
      let half = arguments.index(arguments.startIndex, offsetBy: arguments.count / 2)
      deltas.append(
        .object([
          "tool_calls": .array([
            .object([
              "index": .number(Double(index)), "id": call["id"] ?? .null,
              "function": .object(["name": call["function"]?["name"] ?? .null, "arguments": ""]),
            ])
          ])
        ]))
      for part in [String(arguments[..<half]), String(arguments[half...])] {
        deltas.append(
          .object([
            "tool_calls": .array([
              .object(["index": .number(Double(index)), "function": .object(["arguments": .string(part)])])
            ])
          ]))
      }
    }
    if let content {
      let words = content.split(separator: " ", omittingEmptySubsequences: false)
      for (index, word) in words.enumerated() {
        deltas.append(.object(["content": .string(word + (index < words.count - 1 ? " " : ""))]))
      }
    }
    var chunks = deltas.map { delta in
      "data: " + JSONValue.object(["choices": .array([.object(["index": .number(0), "delta": delta])])]).text + "\n\n"
    }
    chunks.append(
      "data: "
        + JSONValue.object([
          "choices": .array([.object(["index": .number(0), "delta": .object([:]), "finish_reason": finish])])
        ]).text + "\n\ndata: [DONE]\n\n")
    return .stream(chunks: chunks, interval: .milliseconds(1))
  }
}
