import Foundation
import PandaCore

/// Publishes a Markdown digest (at most 4,096 bytes, ntfy's message limit) to an ntfy topic URL,
/// with a title, tags and a higher priority when something declined. `token-env` names a
/// variable holding an access token; `user-env` and `password-env` name basic credentials.
struct NtfyChannel {
  /// ntfy's largest message; longer ones become attachments.
  static let maximumBytes = 4_096

  let transport: HTTPTransport
  let environment: [String: String]

  func send(_ message: OutboxMessage, to destination: Destination, now: Int64) async -> DeliveryResult {
    do {
      let payload = try DeliveryPayload.decode(message.payload)
      let body = Data(Self.digest(payload).utf8)
      var headers: [(name: String, value: String)]
      switch payload.alert?.state {
      case .started:
        // An early warning is the one message worth waking the phone for: the highest priority;
        // a possible one (one signal) one step lower.
        let priority = payload.alert?.level == .possible ? "4" : "5"
        headers = [
          ("Title", "panda: \(payload.alert?.title ?? "early warning")"), ("Tags", "panda,warning"),
          ("Priority", priority),
        ]
      case .ended:
        headers = [
          ("Title", "panda: \(payload.alert?.title ?? "early warning") over"), ("Tags", "panda,white_check_mark"),
          ("Priority", "3"),
        ]
      case nil:
        headers = [
          (
            "Title",
            "panda: health insights for \(payload.day)" + (payload.hasWarning ? ", during an early warning" : "")
          ),
          ("Tags", payload.hasDecline || payload.hasWarning ? "panda,warning" : "panda,chart_with_upwards_trend"),
          ("Priority", payload.hasDecline || payload.hasWarning ? "4" : "3"),
        ]
      }
      headers.append(("Markdown", "yes"))
      if let token = try destination.secret("token-env", in: environment) {
        headers.append(("Authorization", "Bearer \(token)"))
      } else if let user = try destination.secret("user-env", in: environment) {
        let password = try destination.secret("password-env", in: environment) ?? ""
        headers.append(("Authorization", "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()))
      }
      let response = try await transport.send(
        HTTPRequest(method: "POST", url: destination.url, headers: headers, body: body, timeoutMilliseconds: 30_000))
      return .http(response, bytes: body.count, now: now)
    } catch {
      return .failure(error, bytes: 0)
    }
  }

  /// The Markdown digest: what stands out, then one line per category (as `panda insights`
  /// prints them; a message queued before those existed gives the headline and one line per
  /// insight), cut at a whole line so that it fits in `maximumBytes`, saying how many lines were
  /// left out.
  static func digest(_ payload: DeliveryPayload, maximumBytes: Int = maximumBytes) -> String {
    if let alert = payload.alert { return alert.sentence }
    var lines: [String] = []
    if let highlights = payload.highlights, !highlights.isEmpty {
      lines += ["**What stands out**"] + highlights.map { "- \($0.sentence)" } + [""]
    }
    if let overview = payload.overview {
      lines += overview.map { "- \($0)" }
    } else {
      lines += ["**\(payload.headline)**", ""]
      for item in payload.insights {
        lines.append("- \(item.declined ? "▼ " : "")**\(item.category)** (\(item.period)): \(item.summary)")
      }
    }
    var text = lines.joined(separator: "\n")
    var kept = lines.count
    while text.utf8.count > maximumBytes, kept > 1 {
      kept -= 1
      let omitted = lines.count - kept
      text = lines[0..<kept].joined(separator: "\n") + "\n\n_…and \(omitted) more in `panda insights`._"
    }
    if text.utf8.count > maximumBytes {
      text = String(decoding: Array(text.utf8.prefix(maximumBytes - 3)), as: UTF8.self) + "…"
      while text.utf8.count > maximumBytes { text.removeLast() }
    }
    return text
  }
}
