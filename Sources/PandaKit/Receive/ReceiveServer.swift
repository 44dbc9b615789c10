import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
  private let systemAccept = Glibc.accept
  private let systemClose = Glibc.close
  private let streamSocket = Int32(SOCK_STREAM.rawValue)
#elseif canImport(Darwin)
  import Darwin
  private let systemAccept = Darwin.accept
  private let systemClose = Darwin.close
  private let streamSocket = SOCK_STREAM
#endif

/// The HTTP/1.1 server behind `panda receive`: one thread accepts, each connection is served on
/// a thread of its own (at most `maximumConnections` at once) with deadlines, so a client that
/// stalls holds up no one else. Every request gets one answer and `Connection: close`.
final class ReceiveServer: Sendable {
  /// The port listened on (the one the system chose for port 0).
  let port: Int
  private let listener: Int32
  private let limits: ReceiveLimits
  private let token: BearerToken?
  private let handler: PushHandler
  private let spool: PushSpool
  private let queue: PushQueue
  private let log: ReceiveLog
  private let isStopping: @Sendable () -> Bool
  private let connections = Mutex((active: 0, refusing: 0, abandoned: false))

  /// Binds `address` and listens; serves nothing until `run`.
  init(
    address: ListenAddress, limits: ReceiveLimits, token: BearerToken?, handler: PushHandler, spool: PushSpool,
    queue: PushQueue, log: ReceiveLog, isStopping: @escaping @Sendable () -> Bool
  ) throws(ReceiveError) {
    let candidates = address.resolved()
    guard !candidates.isEmpty else { throw .cannotResolve(address.host) }
    var lastError: Int32 = 0
    var bound: (descriptor: Int32, port: Int)?
    for candidate in candidates {
      let descriptor = socket(candidate.family, streamSocket, 0)
      guard descriptor >= 0 else {
        lastError = errno
        continue
      }
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      var yes: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
      let status = candidate.withSockaddr { bind(descriptor, $0, $1) }
      if status == 0 && listen(descriptor, 128) == 0 {
        bound = (descriptor, Self.localPort(descriptor))
        break
      }
      lastError = errno
      _ = systemClose(descriptor)
    }
    guard let bound else {
      throw .cannotListen(address: address.description, reason: String(cString: strerror(lastError)))
    }
    listener = bound.descriptor
    port = bound.port
    self.limits = limits
    self.token = token
    self.handler = handler
    self.spool = spool
    self.queue = queue
    self.log = log
    self.isStopping = isStopping
  }

  /// Accepts and serves connections until `isStopping` turns true; then stops listening, lets
  /// the requests in flight finish (up to `shutdownGrace` seconds) and returns.
  func run() {
    // A client that hangs up before its answer must not end the process.
    signal(SIGPIPE, SIG_IGN)
    while !isStopping() {
      var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      guard poll(&waiting, 1, 200) > 0 else { continue }
      let connection = systemAccept(listener, nil, nil)
      guard connection >= 0 else { continue }
      _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
      enum Admission { case serve, refuse, drop }
      let admission = connections.withLock { state -> Admission in
        if state.active < limits.maximumConnections {
          state.active += 1
          return .serve
        }
        // Refusals get threads of their own too, as many again at most: a flood is dropped.
        guard state.refusing < limits.maximumConnections else { return .drop }
        state.refusing += 1
        return .refuse
      }
      switch admission {
      case .serve: break
      case .drop:
        _ = systemClose(connection)
        continue
      case .refuse:
        let reply = PushReply.error(
          503, "too many connections at once; send again shortly", headers: ["Retry-After: 5"])
        Thread.detachNewThread { [self] in
          let peer = Peer(descriptor: connection)
          peer.write(reply.bytes())
          peer.close(draining: true)
          connections.withLock { $0.refusing -= 1 }
        }
        continue
      }
      Thread.detachNewThread { [self] in
        serve(Peer(descriptor: connection))
        connections.withLock { $0.active -= 1 }
      }
    }
    _ = systemClose(listener)
    let deadline = Date().addingTimeInterval(limits.shutdownGrace)
    while connections.withLock({ $0.active }) > 0 && Date() < deadline { usleep(20_000) }
    connections.withLock { $0.abandoned = true }
    // Connections still open notice within one poll interval and close.
    let last = Date().addingTimeInterval(2)
    while connections.withLock({ $0.active }) > 0 && Date() < last { usleep(20_000) }
  }

  private var isAbandoned: Bool { connections.withLock { $0.abandoned } }

  /// Serves one connection: one request, one answer.
  private func serve(_ peer: Peer) {
    var refusedUnread = false
    defer { peer.close(draining: refusedUnread) }
    guard let (head, rest) = readHead(peer) else { return }
    let isPush = head.method == "POST"
    let claimed = Int(head.header("content-length") ?? "") ?? 0
    switch PushAdmission.decide(head, token: token, maximumBody: limits.maximumBody, isStopping: isStopping()) {
    case .answer(let reply):
      peer.write(reply.bytes(includingBody: head.method != "HEAD"))
      // The client may be sending a body nobody reads: let it arrive before closing.
      refusedUnread = claimed > rest.count || !head.headers("transfer-encoding").isEmpty
      if isPush { logPush(bytes: claimed, reply: reply, records: nil, summary: nil, note: note(for: reply)) }
    case .readBody(let length, let sendContinue):
      var body = Array(rest.prefix(length))
      if sendContinue && body.count < length { peer.write(PushReply.continueBytes) }
      guard readBody(peer, into: &body, length: length) else { return }
      answerPush(peer, body: body)
    case .readChunkedBody(let sendContinue):
      var decoder = ChunkedBody(maximumBody: limits.maximumBody)
      if sendContinue && rest.isEmpty { peer.write(PushReply.continueBytes) }
      guard readChunkedBody(peer, rest: rest, into: &decoder) else {
        // What the client still sends is not read: let it arrive before closing.
        refusedUnread = true
        return
      }
      answerPush(peer, body: decoder.body)
    }
  }

  /// Reads a chunked body, each piece within `bodyTimeout` of the last; answers and returns
  /// `false` when it is malformed, too large, stops coming or ends early.
  private func readChunkedBody(_ peer: Peer, rest: ArraySlice<UInt8>, into decoder: inout ChunkedBody) -> Bool {
    func refuse(_ reply: PushReply, note: String) {
      peer.write(reply.bytes())
      logPush(bytes: decoder.body.count, reply: reply, records: nil, summary: nil, note: note)
    }
    var received: [UInt8] = []
    var pending = rest
    var lastProgress = Date()
    while true {
      do {
        try decoder.feed(pending)
      } catch {
        refuse(
          .error(error.status, "\(error); nothing was stored"),
          note: error.status == 413 ? "over --max-body" : "bad chunk")
        return false
      }
      if decoder.isComplete { return true }
      if isAbandoned { return false }
      received.removeAll(keepingCapacity: true)
      while received.isEmpty {
        let left = limits.bodyTimeout - Date().timeIntervalSince(lastProgress)
        guard left > 0 else {
          refuse(
            .error(
              408,
              "the chunked body stopped arriving after \(decoder.bytesRead) bytes (nothing for "
                + "\(Int(limits.bodyTimeout)) s); nothing was stored"), note: "body stalled")
          return false
        }
        switch peer.read(into: &received, upTo: 1 << 20, waiting: left) {
        case .read: lastProgress = Date()
        case .nothingYet: if isAbandoned { return false }
        case .closed:
          refuse(
            .error(
              400, "the chunked body ended after \(decoder.bytesRead) bytes, before its last chunk; nothing was stored"),
            note: "body cut off at byte \(decoder.bytesRead)")
          return false
        case .failed: return false
        }
      }
      pending = received[...]
    }
  }

  /// Reads the request head within `headerTimeout`; answers and returns `nil` when it does not
  /// come, is too long or cannot be read. Returns the head and any body bytes read with it.
  private func readHead(_ peer: Peer) -> (RequestHead, ArraySlice<UInt8>)? {
    let deadline = Date().addingTimeInterval(limits.headerTimeout)
    var received: [UInt8] = []
    while true {
      if let end = RequestHead.end(in: received) {
        do {
          return (try RequestHead.parse(received[..<end]), received[end...])
        } catch {
          let status = error == .tooLarge ? 431 : error == .unsupportedVersion ? 505 : 400
          peer.write(PushReply.error(status, "\(error)").bytes())
          return nil
        }
      }
      if received.count > RequestHead.maximumBytes {
        peer.write(PushReply.error(431, "\(RequestHeadError.tooLarge)").bytes())
        return nil
      }
      // Nothing of a request yet: at shutdown this connection is simply closed.
      if received.isEmpty && isStopping() || isAbandoned { return nil }
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else {
        peer.write(
          PushReply.error(408, "the request head did not arrive within \(Int(limits.headerTimeout)) s").bytes())
        return nil
      }
      switch peer.read(into: &received, upTo: RequestHead.maximumBytes + 1 - received.count, waiting: left) {
      case .read, .nothingYet: continue
      case .closed, .failed: return nil
      }
    }
  }

  /// Reads the rest of a body of `length` bytes, each piece within `bodyTimeout` of the last;
  /// answers and returns `false` when it stops coming or ends early.
  private func readBody(_ peer: Peer, into body: inout [UInt8], length: Int) -> Bool {
    body.reserveCapacity(length)
    var lastProgress = Date()
    while body.count < length {
      if isAbandoned { return false }
      let left = limits.bodyTimeout - Date().timeIntervalSince(lastProgress)
      guard left > 0 else {
        let reply = PushReply.error(
          408,
          "the body stopped arriving after \(body.count) of \(length) bytes (nothing for "
            + "\(Int(limits.bodyTimeout)) s); nothing was stored")
        peer.write(reply.bytes())
        logPush(bytes: length, reply: reply, records: nil, summary: nil, note: "body stalled")
        return false
      }
      switch peer.read(into: &body, upTo: min(length - body.count, 1 << 20), waiting: left) {
      case .read: lastProgress = Date()
      case .nothingYet: continue
      case .closed:
        let reply = PushReply.error(
          400,
          "the body ended after \(body.count) of the \(length) bytes its Content-Length announced; nothing was stored")
        peer.write(reply.bytes())
        logPush(bytes: length, reply: reply, records: nil, summary: nil, note: "body cut off at byte \(body.count)")
        return false
      case .failed:
        return false
      }
    }
    return true
  }

  /// Checks a complete body, keeps it durably, hands it to the queue and answers with what
  /// became of it.
  private func answerPush(_ peer: Peer, body: [UInt8]) {
    let received = Date()
    let records: Int
    do {
      records = try handler.validate(body)
    } catch {
      let reply = PushReply.error(error.status, error.message)
      peer.write(reply.bytes())
      logPush(bytes: body.count, reply: reply, records: nil, summary: nil, note: error.note)
      return
    }
    guard records > 0 else {
      // Nothing to store (a sync with nothing new): answered without keeping anything.
      let empty = PushSummary(records: 0, inserted: 0, updated: 0, duplicates: 0, days: [])
      let reply = PushReply.stored(empty)
      peer.write(reply.bytes())
      logPush(bytes: body.count, reply: reply, records: 0, summary: empty, note: "empty")
      return
    }
    let path: String
    do {
      path = try spool.write(body, receivedAt: received)
    } catch {
      let reply = PushReply.error(
        503, "the push could not be kept on disk (\(error)); nothing was stored, send it again later",
        headers: ["Retry-After: 60"])
      peer.write(reply.bytes())
      logPush(bytes: body.count, reply: reply, records: records, summary: nil, note: "spool write failed")
      return
    }
    let reply: PushReply
    var summary: PushSummary?
    switch queue.submit(path, body: body).wait(seconds: limits.importWait) {
    case .stored(let stored):
      summary = stored
      reply = .stored(stored)
    case .queued:
      reply = .queued(records: records)
    case .rejected(let reason):
      reply = .error(422, "the push was refused by the importer: \(reason); it is kept in \(spool.rejectedFolder)")
    }
    peer.write(reply.bytes())
    logPush(
      bytes: body.count, reply: reply, records: records, summary: summary,
      note: reply.status == 202 ? "queued" : reply.status == 422 ? "rejected" : nil)
  }

  private func note(for reply: PushReply) -> String? {
    switch reply.status {
    case 401: "no valid token"
    case 405: "method not allowed"
    case 411: "no Content-Length"
    case 501: "transfer coding not supported"
    case 413: "over --max-body"
    case 503: "shutting down"
    case 400: "bad Content-Length"
    default: nil
    }
  }

  private func logPush(bytes: Int, reply: PushReply, records: Int?, summary: PushSummary?, note: String?) {
    let line = PushLog.push(
      at: Date(), bytes: bytes, summary: summary, records: records, status: reply.status, note: note)
    // A push that could not be kept or was refused after it was accepted is worth a line even with -q.
    if reply.status >= 500 || reply.status == 422 && note == "rejected" { log.problem(line) } else { log.routine(line) }
  }

  private static func localPort(_ descriptor: Int32) -> Int {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    _ = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    let family = Int32(storage.ss_family)
    return withUnsafePointer(to: &storage) { pointer -> Int in
      if family == AF_INET6 {
        return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
          Int(UInt16(bigEndian: $0.pointee.sin6_port))
        }
      }
      return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
        Int(UInt16(bigEndian: $0.pointee.sin_port))
      }
    }
  }
}
