import Foundation
import PandaCore

/// Sends the insights as an e-mail (RFC 5322) over SMTP: plain text, with the HTML report beside
/// it when the payload carries one. Options: `to` (addresses
/// separated by commas), `from`, and `user-env`/`password-env` naming the login's variables.
/// The Message-ID is derived from the outbox id, the same on every retry.
struct EmailChannel {
  let environment: [String: String]

  func send(_ message: OutboxMessage, to destination: Destination, now: Int64) async -> DeliveryResult {
    do {
      let payload = try DeliveryPayload.decode(message.payload)
      let recipients = (destination.options["to"] ?? "").split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }.filter { !$0.isEmpty }
      guard let from = destination.options["from"], !recipients.isEmpty else {
        throw DeliveryError.invalidURL(destination.url, reason: "an e-mail destination needs --to and --from")
      }
      let text = Self.message(payload, id: message.id, from: from, to: recipients, date: now)
      let reply = try await SMTPClient.send(
        .init(
          url: destination.url, from: from, recipients: recipients,
          username: try destination.secret("user-env", in: environment),
          password: try destination.secret("password-env", in: environment), message: Data(text.utf8)))
      return DeliveryResult(status: reply, statusKind: .smtp, accepted: true, bytes: text.utf8.count)
    } catch DeliveryError.sendFailed(let reason, let reply) {
      return DeliveryResult(status: reply, statusKind: .smtp, accepted: false, bytes: 0, reason: reason)
    } catch {
      return .failure(error, bytes: 0)
    }
  }

  /// The RFC 5322 message, lines ending CRLF: headers, a blank line and the digest as plain
  /// text; with the payload's HTML report, a multipart/alternative message of the text and the
  /// report (base64, so no line is too long for SMTP).
  static func message(_ payload: DeliveryPayload, id: String, from: String, to: [String], date: Int64) -> String {
    let headers = [
      "Date: \(rfc5322Date(date))",
      "From: \(from)",
      "To: \(to.joined(separator: ", "))",
      "Message-ID: <\(id)@panda>",
      "Subject: "
        + (payload.alert.map { $0.state == .started ? "panda: \($0.title)" : "panda: \($0.title) over" }
          ?? "panda: health insights for \(payload.day)"),
      "MIME-Version: 1.0",
    ]
    let text = [
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: 8bit",
      "",
    ]
    guard let html = payload.html else { return (headers + text + body(payload)).joined(separator: "\r\n") + "\r\n" }
    // Base64 and the text never hold a line starting with two dashes and this id.
    let boundary = "panda-alternative-\(id)"
    var lines = headers + ["Content-Type: multipart/alternative; boundary=\"\(boundary)\"", ""]
    lines += ["--\(boundary)"] + text + body(payload)
    lines += ["--\(boundary)", "Content-Type: text/html; charset=utf-8", "Content-Transfer-Encoding: base64", ""]
    lines += base64Lines(Data(html.utf8))
    lines += ["--\(boundary)--"]
    return lines.joined(separator: "\r\n") + "\r\n"
  }

  /// `data` in base64, 76 characters a line.
  static func base64Lines(_ data: Data) -> [String] {
    let encoded = Array(data.base64EncodedString().utf8)
    return stride(from: 0, to: encoded.count, by: 76).map {
      String(decoding: encoded[$0..<min($0 + 76, encoded.count)], as: UTF8.self)
    }
  }

  /// The digest as plain text, one line per element: what stands out, a line per category (or,
  /// in a message queued before those existed, the headline and a line per insight), the latest
  /// daily values.
  private static func body(_ payload: DeliveryPayload) -> [String] {
    if let alert = payload.alert { return [alert.sentence] }
    var lines: [String] = []
    if let highlights = payload.highlights, !highlights.isEmpty {
      lines += ["What stands out:"] + highlights.map { "- \($0.sentence)" } + [""]
    }
    if let overview = payload.overview {
      lines += overview
    } else {
      lines += [payload.headline, ""]
      for item in payload.insights {
        lines.append("\(item.category) (\(item.period))\(item.declined ? " - declined" : ""): \(item.summary)")
      }
    }
    if !payload.readings.isEmpty {
      lines.append("")
      lines.append("Latest daily values:")
      for reading in payload.readings {
        // As the rest of panda writes them: "8,462 steps", "1 workout", "6 h 43 min".
        lines.append(
          "  \(reading.name): \(MetricFormatter.string(reading.value, unit: reading.unit)) on \(reading.date)")
      }
    }
    lines.append("")
    lines.append("Written by panda's \(payload.provider) provider.")
    return lines
  }

  /// `Sun, 22 Nov 2026 18:00:00 +0000`.
  static func rfc5322Date(_ seconds: Int64) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
    return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
  }
}
