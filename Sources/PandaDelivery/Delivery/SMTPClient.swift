import CCurl
import Foundation

/// Sends one e-mail over libcurl's SMTP: STARTTLS when the server offers it (`CURLUSESSL_TRY`),
/// TLS from the start for `smtps://`, certificates always verified. Each transfer runs on a
/// thread of its own.
enum SMTPClient {
  private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK

  /// What to send and how to log in.
  struct Envelope: Sendable {
    var url: String
    var from: String
    var recipients: [String]
    var username: String?
    var password: String?
    var message: Data
  }

  /// Sends `envelope`; returns the server's last reply code.
  static func send(_ envelope: Envelope) async throws(DeliveryError) -> Int {
    let result: Result<Int, DeliveryError> = await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: perform(envelope)) }
    }
    return try result.get()
  }

  /// The message, how much of it libcurl has read, and the server's reply lines.
  private final class Exchange {
    let bytes: [UInt8]
    var offset = 0
    var replies: [String] = []
    init(_ bytes: [UInt8]) { self.bytes = bytes }
  }

  private static func perform(_ envelope: Envelope) -> Result<Int, DeliveryError> {
    guard initialized, let handle = curl_easy_init() else {
      return .failure(.invalidURL(envelope.url, reason: "libcurl could not start"))
    }
    defer { curl_easy_cleanup(handle) }
    var recipients: UnsafeMutablePointer<curl_slist>?
    defer { curl_slist_free_all(recipients) }
    for recipient in envelope.recipients { recipients = curl_slist_append(recipients, "<\(recipient)>") }
    let upload = Exchange(Array(envelope.message))
    let context = Unmanaged.passUnretained(upload).toOpaque()
    ccurl_setopt_string(handle, CURLOPT_URL, envelope.url)
    ccurl_setopt_string(handle, CURLOPT_MAIL_FROM, "<\(envelope.from)>")
    ccurl_setopt_slist(handle, CURLOPT_MAIL_RCPT, recipients)
    if let username = envelope.username { ccurl_setopt_string(handle, CURLOPT_USERNAME, username) }
    if let password = envelope.password { ccurl_setopt_string(handle, CURLOPT_PASSWORD, password) }
    ccurl_setopt_long(handle, CURLOPT_USE_SSL, Int(CURLUSESSL_TRY.rawValue))
    ccurl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1)
    ccurl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2)
    ccurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, 10_000)
    ccurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, 60_000)
    ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
    ccurl_setopt_long(handle, CURLOPT_UPLOAD, 1)
    ccurl_setopt_long(handle, CURLOPT_INFILESIZE, upload.bytes.count)
    ccurl_setopt_pointer(handle, CURLOPT_READDATA, context)
    ccurl_setopt_read_function(handle) { buffer, size, count, context in
      guard let buffer, let context else { return 0 }
      let upload = Unmanaged<Exchange>.fromOpaque(context).takeUnretainedValue()
      let length = min(size * count, upload.bytes.count - upload.offset)
      upload.bytes.withUnsafeBufferPointer { source in
        guard let base = source.baseAddress else { return }
        UnsafeMutableRawPointer(buffer).copyMemory(from: base + upload.offset, byteCount: length)
      }
      upload.offset += length
      return length
    }
    // libcurl passes the server's replies to the header callback: keep them, to say why.
    ccurl_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
    ccurl_setopt_header_function(handle) { data, size, count, context in
      guard let data, let context else { return 0 }
      let exchange = Unmanaged<Exchange>.fromOpaque(context).takeUnretainedValue()
      let line = String(decoding: UnsafeRawBufferPointer(start: data, count: size * count), as: UTF8.self)
      exchange.replies.append(line.trimmingCharacters(in: .whitespacesAndNewlines))
      return size * count
    }
    let code = curl_easy_perform(handle)
    var reply = 0
    ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &reply)
    guard code == CURLE_OK else {
      // The server's own words ("550 5.1.1 <x@example.org>: no such user") say more than libcurl's.
      let words = upload.replies.last { reply > 0 && $0.hasPrefix(String(reply)) }.map { String($0.prefix(200)) }
      let reason =
        words ?? String(cString: curl_easy_strerror(code)) + (reply > 0 ? " (server replied \(reply))" : "")
      return .failure(.sendFailed(reason: reason, reply: reply > 0 ? reply : nil))
    }
    return .success(reply)
  }
}
