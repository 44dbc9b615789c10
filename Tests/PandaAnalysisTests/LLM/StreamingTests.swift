import Foundation
import LoopbackHTTPKit
import Synchronization
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaTestSupport

/// `content` as server-sent events, a few characters a chunk, as a streaming server sends it.
private func events(_ content: String, piece: Int = 40, done: Bool = true) -> [String] {
  var chunks: [String] = []
  var rest = Substring(content)
  while !rest.isEmpty {
    var escaped = ""
    JSONText.appendString(String(rest.prefix(piece)), to: &escaped)
    chunks.append(#"data: {"choices":[{"index":0,"delta":{"content":\#(escaped)},"finish_reason":null}]}"# + "\n\n")
    rest = rest.dropFirst(piece)
  }
  chunks.append(#"data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}"# + "\n\n")
  if done { chunks.append("data: [DONE]\n\n") }
  return chunks
}

@Suite struct StreamingTests {
  @Test func aStreamSlowerInAllThanTheTotalTimeoutCompletesWhileTokensKeepComing() async throws {
    let chunks = events(groundedReply)
    let server = try LoopbackServer { _, _ in .stream(chunks: chunks, interval: .milliseconds(120)) }
    let lines = Mutex<[String]>([])
    let provider = ChatFixtures.provider(
      server,
      configure: {
        $0.stream = true
        $0.timeoutMilliseconds = 300
        $0.idleTimeoutMilliseconds = 3_000
      },
      progress: { line in lines.withLock { $0.append(line) } })
    let insight = try await provider.insight(for: ChatFixtures.request)
    #expect(chunks.count * 120 > 300)
    #expect(insight.summary == "A good week for your activity: you walked more.")
    #expect(JSONValue.parse(server.requests[0].text)?["stream"] == .bool(true))
    let last = try #require(lines.withLock { $0.last })
    #expect(last.hasPrefix("activity weekly: ") && last.hasSuffix("tokens so far"))
  }

  @Test func aStreamThatFallsSilentIsAbandonedAfterTheIdleTimeoutAndNotRetried() async throws {
    let server = try LoopbackServer { _, _ in
      .stream(chunks: [events("{")[0], events("}")[0]], interval: .seconds(6))
    }
    let provider = ChatFixtures.provider(
      server,
      configure: {
        $0.stream = true
        $0.idleTimeoutMilliseconds = 800
      })
    await #expect {
      try await provider.insight(for: ChatFixtures.request)
    } throws: { error in
      if case .unreachable(let reason) = error as? ProviderError {
        reason.contains("sent nothing for 800 ms")
      } else {
        false
      }
    }
    #expect(server.requests.count == 1)
  }

  @Test func aStreamWithoutDoneIsStillRead() throws {
    let text = events("{\"a\": 1}", piece: 3, done: false).joined()
    #expect(try ChatCompletionsProvider.streamedContent(text) == "{\"a\": 1}")
  }

  @Test func aStreamCutAtTheTokenLimitIsNotUsed() {
    let text = events("{\"a\"", piece: 3).joined().replacingOccurrences(of: "\"stop\"", with: "\"length\"")
    #expect(throws: ProviderError.self) { try ChatCompletionsProvider.streamedContent(text) }
  }

  @Test(arguments: [
    ("127.0.0.1", true), ("localhost", true), ("192.168.1.20", true), ("10.0.0.5", true), ("172.20.1.1", true),
    ("gpu-box.local", true), ("[::1]", true), ("api.openai.com", false), ("172.32.0.1", false), ("8.8.8.8", false),
  ])
  func localEndpointsAreRecognised(host: String, local: Bool) {
    #expect(LLMConfiguration.isLocal(host: host) == local)
  }
}
