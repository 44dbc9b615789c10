import Foundation

/// An answer of `panda receive`: a status and a small JSON body, written with
/// `Connection: close`.
struct PushReply: Sendable, Equatable {
  /// The HTTP status.
  var status: Int
  /// The JSON body.
  var body: String
  /// Extra headers (`WWW-Authenticate`, `Allow`, `Retry-After`).
  var headers: [String] = []

  /// The bytes on the wire; without the body for a HEAD request.
  func bytes(includingBody: Bool = true) -> [UInt8] {
    var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
    head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n"
    for header in headers { head += header + "\r\n" }
    return Array((head + "\r\n" + (includingBody ? body : "")).utf8)
  }

  /// `HTTP/1.1 100 Continue`, for a client that asked before sending its body.
  static let continueBytes = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

  /// 200 for `GET /`: the receiver is up.
  static let healthy = PushReply(status: 200, body: #"{"ok":true}"#)

  /// 200: the push is stored; its records counted as new, updated, duplicates, unused (metrics
  /// panda does not use), skipped (unreadable) and implausible, which add up to `records`.
  static func stored(_ summary: PushSummary) -> PushReply {
    PushReply(
      status: 200,
      body: json(
        Stored(
          stored: true, records: summary.records, new: summary.inserted, updated: summary.updated,
          duplicates: summary.duplicates, unused: summary.unused, skipped: summary.skipped,
          implausible: summary.implausible, days: summary.days)))
  }

  /// 202: the push is safe on disk and will be stored when the database is free.
  static func queued(records: Int) -> PushReply {
    PushReply(status: 202, body: json(Queued(queued: true, records: records)))
  }

  /// 422: the importer refused the push, for `reason` (the importer's sentences), and it was
  /// moved to the spool's `rejected/` folder, which the answer does not name: a client learns
  /// nothing of the server's folders.
  static func rejected(_ reason: String) -> PushReply {
    var sentences = reason.trimmingCharacters(in: .whitespacesAndNewlines)
    if !sentences.hasSuffix(".") { sentences += "." }
    return .error(
      422,
      "the push was refused by the importer: \(sentences) It is kept with the receiver's rejected pushes, "
        + "which panda status counts.")
  }

  /// An error status with `{"error": message}`.
  static func error(_ status: Int, _ message: String, headers: [String] = []) -> PushReply {
    PushReply(status: status, body: json(Failure(error: message)), headers: headers)
  }

  /// The reason phrase of `status`.
  static func reason(_ status: Int) -> String {
    switch status {
    case 100: "Continue"
    case 200: "OK"
    case 202: "Accepted"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 405: "Method Not Allowed"
    case 408: "Request Timeout"
    case 411: "Length Required"
    case 413: "Content Too Large"
    case 422: "Unprocessable Content"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 503: "Service Unavailable"
    case 505: "HTTP Version Not Supported"
    default: "Status"
    }
  }

  private struct Stored: Encodable {
    var stored: Bool
    var records: Int
    var new: Int
    var updated: Int
    var duplicates: Int
    var unused: Int
    var skipped: Int
    var implausible: Int
    var days: [String]
  }

  private struct Queued: Encodable {
    var queued: Bool
    var records: Int
  }

  private struct Failure: Encodable {
    var error: String
  }

  private static func json(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(value) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }
}
