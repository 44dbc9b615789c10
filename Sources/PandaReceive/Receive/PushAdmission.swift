/// What to do with a request once its head is read, before any of its body: answer at once
/// (health check, refusal) or read a body, of a known length or chunked. Pure, so that every refusal is
/// tested without a socket.
enum PushAdmission {
  /// The outcome for one request head.
  enum Decision: Sendable, Equatable {
    /// Answer with `reply` and close, reading no body.
    case answer(PushReply)
    /// Read `length` bytes of body; first send `100 Continue` when the client waits for it.
    case readBody(length: Int, sendContinue: Bool)
    /// Read a chunked body (`ChunkedBody`), as above.
    case readChunkedBody(sendContinue: Bool)
  }

  /// The decision for `head`: 503 while stopping, 200 for GET and HEAD, 405 for other
  /// methods, 401 without the token; a chunked body is read (501 for another transfer coding,
  /// 400 beside a Content-Length); else 411 without a Content-Length, 400 for a bad one, 413
  /// over `maximumBody`, else read the body.
  static func decide(
    _ head: RequestHead, token: BearerToken?, maximumBody: Int, isStopping: Bool
  ) -> Decision {
    if isStopping {
      return .answer(.error(503, "the receiver is shutting down; send again shortly", headers: ["Retry-After: 5"]))
    }
    switch head.method {
    case "GET", "HEAD": return .answer(.healthy)
    case "POST": break
    default:
      return .answer(
        .error(405, "\(head.method) is not accepted; push with POST", headers: ["Allow: GET, HEAD, POST"]))
    }
    if let token, !token.accepts(head.header("authorization")) {
      let reason =
        head.header("authorization") == nil
        ? "this receiver needs an Authorization: Bearer header with its token"
        : "the Authorization header does not carry this receiver's token"
      return .answer(.error(401, reason, headers: [#"WWW-Authenticate: Bearer realm="panda""#]))
    }
    let expectsContinue = head.header("expect")?.lowercased() == "100-continue" && head.version != "HTTP/1.0"
    let codings = head.headers("transfer-encoding").flatMap { $0.split(separator: ",") }
      .map { String($0).trimmingSpaces().lowercased() }
    if !codings.isEmpty {
      // Both would let a proxy and this receiver disagree on where the body ends.
      guard head.headers("content-length").isEmpty else {
        return .answer(.error(400, "send either Transfer-Encoding or Content-Length, not both"))
      }
      guard codings == ["chunked"] else {
        return .answer(
          .error(
            501,
            "Transfer-Encoding '\(codings.joined(separator: ", ").prefix(40))' is not supported; send the body "
              + "as it is, with a Content-Length or chunked"))
      }
      return .readChunkedBody(sendContinue: expectsContinue)
    }
    let lengths = Set(head.headers("content-length"))
    guard let text = lengths.first else {
      return .answer(.error(411, "a POST needs a Content-Length header"))
    }
    guard lengths.count == 1 else {
      return .answer(.error(400, "two different Content-Lengths; send one"))
    }
    guard !text.isEmpty, text.count <= 18, text.allSatisfy({ $0.isASCII && $0.isNumber }),
      let length = Int(text)
    else {
      return .answer(.error(400, "Content-Length '\(text.prefix(40))' is not a number of bytes"))
    }
    guard length <= maximumBody else {
      return .answer(
        .error(
          413,
          "the body is \(ByteSize.text(length)) (\(length) bytes); this receiver takes at most "
            + "\(ByteSize.text(maximumBody)) (\(maximumBody) bytes, --max-body)"))
    }
    return .readBody(length: length, sendContinue: expectsContinue)
  }
}
