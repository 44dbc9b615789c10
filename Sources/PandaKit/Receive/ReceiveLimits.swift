/// The limits `panda receive` holds each connection to.
struct ReceiveLimits: Sendable, Equatable {
  /// The largest body accepted (`--max-body`), 64 MB by default.
  var maximumBody: Int = 64 << 20
  /// Seconds from connecting to the end of the request head.
  var headerTimeout: Double = 10
  /// Seconds the body may go without a byte arriving.
  var bodyTimeout: Double = 30
  /// Seconds a push waits for its import before it is answered 202 (queued).
  var importWait: Double = 20
  /// Connections served at once; more are answered 503 at once.
  var maximumConnections: Int = 16
  /// Seconds to let requests in flight finish after SIGTERM before closing them.
  var shutdownGrace: Double = 30
}
