/// The limits `panda receive` holds each connection to.
package struct ReceiveLimits: Sendable, Equatable {
  /// The largest body accepted (`--max-body`), 64 MB by default.
  package var maximumBody: Int = 64 << 20
  /// Seconds from connecting to the end of the request head, which carries the token: a
  /// connection that has not shown it is let go after this.
  var headerTimeout: Double = 5
  /// Seconds the body may go without a byte arriving.
  var bodyTimeout: Double = 30
  /// Seconds a push waits for its import before it is answered 202 (queued).
  var importWait: Double = 20
  /// Pushes whose bodies are read at once (each on a thread); more are answered 503 at once.
  var maximumConnections: Int = 16
  /// Connections whose request head (and so whose token) has not all arrived, at once; more
  /// are answered 503 at once. They cost no thread.
  var maximumWaiting: Int = 128
  /// Seconds to let requests in flight finish after SIGTERM before closing them.
  var shutdownGrace: Double = 30
  /// Of the `maximumWaiting` connections, those one client address may hold; more from it are
  /// answered 503 at once, so one address cannot take every slot.
  var maximumWaitingPerAddress: Int = 64
  /// Of the `maximumConnections` pushes read at once, those from one client address.
  var maximumConnectionsPerAddress: Int = 8
  /// Seconds between two lines counting the connections turned away.
  var refusalReportInterval: Double = 60

  /// Creates a value from its stored properties.
  package init(
    maximumBody: Int = 64 << 20, headerTimeout: Double = 5, bodyTimeout: Double = 30, importWait: Double = 20,
    maximumConnections: Int = 16, maximumWaiting: Int = 128, shutdownGrace: Double = 30,
    maximumWaitingPerAddress: Int = 64, maximumConnectionsPerAddress: Int = 8, refusalReportInterval: Double = 60
  ) {
    self.maximumBody = maximumBody
    self.headerTimeout = headerTimeout
    self.bodyTimeout = bodyTimeout
    self.importWait = importWait
    self.maximumConnections = maximumConnections
    self.maximumWaiting = maximumWaiting
    self.shutdownGrace = shutdownGrace
    self.maximumWaitingPerAddress = maximumWaitingPerAddress
    self.maximumConnectionsPerAddress = maximumConnectionsPerAddress
    self.refusalReportInterval = refusalReportInterval
  }
}
