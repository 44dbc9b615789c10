import Foundation
import LoopbackHTTPKit
import Testing

@testable import PandaCore
@testable import PandaTestSupport

@Suite struct CurlClientTests {
  @Test func postsABodyAndReadsStatusHeadersAndBody() async throws {
    let server = try LoopbackServer { request, _ in
      .respond(status: 201, headers: ["X-Echo": request.headers["x-test"] ?? ""], body: "got " + request.text)
    }
    let response = try await HTTPTransport.curl.send(
      HTTPRequest(
        method: "POST", url: server.baseURL + "/v1/chat/completions", headers: [("X-Test", "yes")],
        body: Data("hello".utf8)))
    #expect(response.status == 201)
    #expect(response.headers["x-echo"] == "yes")
    #expect(response.text == "got hello")
    let received = try #require(server.requests.first)
    #expect(received.method == "POST")
    #expect(received.path == "/v1/chat/completions")
  }

  @Test func aSlowFirstBytePastTheTimeoutFails() async throws {
    // Had the client waited for the answer, it would have had a 200.
    let server = try LoopbackServer { _, _ in .respond(status: 200, body: "{}", delay: .seconds(3)) }
    await #expect(throws: HTTPError.timedOut(url: server.baseURL, milliseconds: 200)) {
      try await HTTPTransport.curl.send(HTTPRequest(url: server.baseURL, timeoutMilliseconds: 200))
    }
  }

  @Test func aDroppedConnectionIsAConnectionFailure() async throws {
    let server = try LoopbackServer { _, _ in .drop }
    await #expect {
      try await HTTPTransport.curl.send(HTTPRequest(url: server.baseURL))
    } throws: { error in
      if case .connectionFailed = error as? HTTPError { true } else { false }
    }
  }

  @Test func nobodyListeningIsAConnectionFailure() async throws {
    let server = try LoopbackServer { _, _ in .drop }
    let url = server.baseURL
    server.stop()
    await #expect {
      try await HTTPTransport.curl.send(HTTPRequest(url: url, connectTimeoutMilliseconds: 500))
    } throws: { error in
      if case .connectionFailed = error as? HTTPError { true } else { false }
    }
  }

  @Test func cancellingATaskStopsItsTransfer() async throws {
    let server = try LoopbackServer { _, _ in .respond(status: 200, body: "{}", delay: .seconds(3)) }
    let task = Task { try await HTTPTransport.curl.send(HTTPRequest(url: server.baseURL)) }
    try await Task.sleep(for: .milliseconds(150))
    task.cancel()
    await #expect(throws: HTTPError.cancelled) { try await task.value }
  }
}
