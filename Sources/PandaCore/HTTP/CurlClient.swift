import CCurl
import Foundation
import Synchronization

/// HTTP over libcurl: millisecond timeouts, TLS verification always on, the proxy environment
/// variables honoured (libcurl reads `https_proxy`, `no_proxy`…), cancellation through the
/// progress callback. Each blocking transfer runs on a thread of its own, off Swift's
/// cooperative pool (a dispatch queue would run no more transfers at once than there are cores).
enum CurlClient {
  private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK

  static func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard initialized else { throw HTTPError.invalidRequest(reason: "libcurl could not start") }
    let transfer = Transfer(idleTimeoutMilliseconds: request.idleTimeoutMilliseconds, onReceive: request.onReceive)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
          continuation.resume(with: Result { try perform(request, transfer: transfer) })
        }
      }
    } onCancel: {
      transfer.cancel()
    }
  }

  /// State shared with libcurl's callbacks.
  final class Transfer: @unchecked Sendable {
    private let cancelled = Atomic<Bool>(false)
    private let lastByte = Atomic<UInt64>(DispatchTime.now().uptimeNanoseconds)
    private let idleNanoseconds: UInt64?
    let onReceive: (@Sendable (Data) -> Void)?
    /// Whether the transfer was abandoned for sending nothing within the idle timeout.
    private(set) var wentIdle = false
    var body = Data()
    var headers: [String: String] = [:]

    init(idleTimeoutMilliseconds: Int?, onReceive: (@Sendable (Data) -> Void)?) {
      idleNanoseconds = idleTimeoutMilliseconds.map { UInt64(max(0, $0)) * 1_000_000 }
      self.onReceive = onReceive
    }

    func cancel() { cancelled.store(true, ordering: .relaxed) }
    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Notes that bytes arrived now.
    func received() { lastByte.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed) }

    /// Whether to abandon the transfer: cancelled, or silent for longer than the idle timeout.
    func shouldStop() -> Bool {
      if isCancelled { return true }
      guard let idleNanoseconds else { return false }
      let silent = DispatchTime.now().uptimeNanoseconds &- lastByte.load(ordering: .relaxed)
      if silent > idleNanoseconds { wentIdle = true }
      return wentIdle
    }
  }

  private static func perform(_ request: HTTPRequest, transfer: Transfer) throws -> HTTPResponse {
    guard let handle = curl_easy_init() else { throw HTTPError.invalidRequest(reason: "libcurl could not start") }
    defer { curl_easy_cleanup(handle) }
    var headerList: UnsafeMutablePointer<curl_slist>?
    defer { curl_slist_free_all(headerList) }
    for header in request.headers {
      headerList = curl_slist_append(headerList, "\(header.name): \(header.value)")
    }
    // Without this, libcurl waits a second for "100 Continue" before sending larger bodies.
    headerList = curl_slist_append(headerList, "Expect:")

    let context = Unmanaged.passUnretained(transfer).toOpaque()
    ccurl_setopt_string(handle, CURLOPT_URL, request.url)
    ccurl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, request.method)
    ccurl_setopt_headers(handle, headerList)
    if let body = request.body {
      body.withUnsafeBytes { bytes in
        _ = ccurl_setopt_body(handle, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count)
      }
    }
    ccurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, request.connectTimeoutMilliseconds)
    ccurl_setopt_long(
      handle, CURLOPT_TIMEOUT_MS,
      request.idleTimeoutMilliseconds == nil ? request.timeoutMilliseconds : request.streamLimitMilliseconds ?? 0)
    ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
    ccurl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1)
    ccurl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2)
    ccurl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0)
    ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
    ccurl_setopt_write_function(handle) { data, size, count, context in
      guard let data, let context else { return 0 }
      let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
      let piece = Data(bytes: data, count: size * count)
      transfer.received()
      transfer.body.append(piece)
      transfer.onReceive?(piece)
      return size * count
    }
    ccurl_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
    ccurl_setopt_header_function(handle) { data, size, count, context in
      guard let data, let context else { return 0 }
      let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
      transfer.received()
      let line = String(decoding: UnsafeRawBufferPointer(start: data, count: size * count), as: UTF8.self)
      if line.hasPrefix("HTTP/") {
        transfer.headers = [:]
      } else if let colon = line.firstIndex(of: ":") {
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        transfer.headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
      }
      return size * count
    }
    ccurl_setopt_long(handle, CURLOPT_NOPROGRESS, 0)
    ccurl_setopt_pointer(handle, CURLOPT_XFERINFODATA, context)
    ccurl_setopt_progress_function(handle) { context, _, _, _, _ in
      guard let context else { return 0 }
      return Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue().shouldStop() ? 1 : 0
    }

    let code = curl_easy_perform(handle)
    switch code {
    case CURLE_OK:
      var status = 0
      ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
      return HTTPResponse(status: status, headers: transfer.headers, body: transfer.body)
    case CURLE_ABORTED_BY_CALLBACK:
      if transfer.wentIdle, let idle = request.idleTimeoutMilliseconds {
        throw HTTPError.idle(url: request.url, milliseconds: idle)
      }
      throw HTTPError.cancelled
    case CURLE_OPERATION_TIMEDOUT:
      let limit = request.idleTimeoutMilliseconds == nil ? request.timeoutMilliseconds : request.streamLimitMilliseconds
      throw HTTPError.timedOut(url: request.url, milliseconds: limit ?? request.timeoutMilliseconds)
    case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL:
      throw HTTPError.invalidRequest(reason: "\(request.url) is not a usable URL")
    default:
      throw HTTPError.connectionFailed(url: request.url, reason: String(cString: curl_easy_strerror(code)))
    }
  }
}
