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
/// stalls holds up no one else. The slots are shared out by client address, so that one address
/// cannot take them all. Every request gets one answer and `Connection: close`; the connections
/// turned away are counted in a line at most once every `refusalReportInterval`.
package final class ReceiveServer<Contents: Sendable>: Sendable {
  /// The port listened on (the one the system chose for port 0).
  package let port: Int
  private let listener: Int32
  private let limits: ReceiveLimits
  private let token: BearerToken?
  private let handler: PushHandler<Contents>
  private let spool: PushSpool
  private let queue: PushQueue<Contents>
  private let log: ReceiveLog
  private let isStopping: @Sendable () -> Bool
  private let connections = Mutex(Threads())
  private let refusals: Mutex<RefusalTally>

  /// The threads reading pushes, in all and per client address.
  private struct Threads {
    var active = 0
    var byAddress: [ClientAddress: Int] = [:]
    var abandoned = false
  }

  /// Binds `address` and listens; serves nothing until `run`.
  package init(
    address: ListenAddress, limits: ReceiveLimits, token: BearerToken?, handler: PushHandler<Contents>,
    spool: PushSpool,
    queue: PushQueue<Contents>, log: ReceiveLog, isStopping: @escaping @Sendable () -> Bool
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
    refusals = Mutex(RefusalTally(limits: limits, interval: limits.refusalReportInterval))
  }

  /// A connection whose request head has not all arrived: nothing is known of it yet, not even
  /// whether it holds the token, so it costs no thread, only its place in the poll set.
  private struct Waiting {
    var descriptor: Int32
    var client: ClientAddress
    var received: [UInt8] = []
    var deadline: Date
  }

  /// A connection that has its answer and is let go of: what it still sends is read and
  /// dropped for a moment, so that closing does not reset the connection before the answer is read.
  private struct Closing {
    var descriptor: Int32
    var until: Date
  }

  /// Connections closing at once at most; beyond, one is closed as soon as its answer is written.
  private static var maximumClosing: Int { 512 }

  /// Accepts connections and reads their request heads on this thread, many at once, each
  /// within `headerTimeout`; answers at once what needs no body (a health check, a refusal,
  /// 401 without the token) and hands a push that may be read to a thread of its own (at most
  /// `maximumConnections` at once, `maximumConnectionsPerAddress` from one address). A
  /// connection beyond `maximumWaitingPerAddress` from its address is answered 503 with
  /// `Retry-After`; with all `maximumWaiting` slots taken, a connection from an address holding
  /// fewer takes the slot of the oldest connection of the address holding the most, which is
  /// answered 503, else it is answered 503 itself, as is a push beyond the threads: never closed
  /// unanswered. Runs until `isStopping` turns true; then stops listening, lets the requests in
  /// flight finish (up to `shutdownGrace` seconds) and returns.
  package func run() {
    // A client that hangs up before its answer must not end the process.
    signal(SIGPIPE, SIG_IGN)
    _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
    var waiting: [Waiting] = []
    var closing: [Closing] = []
    var listening = true
    var stoppedAt = Date.distantFuture
    defer {
      if let line = refusals.withLock({ $0.report(at: Date(), force: true) }) { log.problem(line) }
    }
    func letGo(_ descriptor: Int32, _ reply: PushReply, includingBody: Bool = true) {
      let bytes = reply.bytes(includingBody: includingBody)
      _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Self.sendFlags) }
      shutdown(descriptor, Int32(SHUT_WR))
      if closing.count < Self.maximumClosing {
        closing.append(Closing(descriptor: descriptor, until: Date().addingTimeInterval(1)))
      } else {
        _ = systemClose(descriptor)
      }
    }
    while true {
      if listening && isStopping() {
        listening = false
        stoppedAt = Date()
        _ = systemClose(listener)
        // Nothing of a request yet: at shutdown such a connection is simply closed.
        for connection in waiting where connection.received.isEmpty { _ = systemClose(connection.descriptor) }
        waiting.removeAll { $0.received.isEmpty }
      }
      if !listening && waiting.isEmpty && closing.isEmpty { break }
      var descriptors = (listening ? [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)] : [])
      descriptors += waiting.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
      descriptors += closing.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
      _ = poll(&descriptors, nfds_t(descriptors.count), 100)
      let now = Date()
      var index = listening ? 1 : 0
      var stillWaiting: [Waiting] = []
      for var connection in waiting {
        defer { index += 1 }
        var ended = false
        if descriptors[index].revents != 0 {
          switch Self.receive(connection.descriptor, into: &connection.received, upTo: RequestHead.maximumBytes + 1) {
          case .closed: ended = true
          case .data, .nothing: break
          }
        }
        if ended {
          _ = systemClose(connection.descriptor)
          continue
        }
        if let end = RequestHead.end(in: connection.received) {
          let rest = connection.received[end...]
          do {
            let head = try RequestHead.parse(connection.received[..<end])
            admit(connection.descriptor, from: connection.client, head: head, rest: rest, letGo: letGo)
          } catch {
            let status = error == .tooLarge ? 431 : error == .unsupportedVersion ? 505 : 400
            letGo(connection.descriptor, .error(status, "\(error)"))
          }
          continue
        }
        if connection.received.count > RequestHead.maximumBytes {
          letGo(connection.descriptor, .error(431, "\(RequestHeadError.tooLarge)"))
          continue
        }
        if now >= connection.deadline || now >= stoppedAt.addingTimeInterval(limits.headerTimeout) {
          letGo(
            connection.descriptor,
            .error(408, "the request head did not arrive within \(Self.seconds(limits.headerTimeout))"))
          refused(.headTimeout, connection.client)
          continue
        }
        stillWaiting.append(connection)
      }
      waiting = stillWaiting
      var stillClosing: [Closing] = []
      for var connection in closing {
        defer { index += 1 }
        var scratch: [UInt8] = []
        // Those let go of since the poll are past the end of `descriptors`.
        if index < descriptors.count, descriptors[index].revents != 0,
          Self.receive(connection.descriptor, into: &scratch, upTo: 65_536) == .closed
        {
          connection.until = .distantPast
        }
        if now >= connection.until {
          _ = systemClose(connection.descriptor)
        } else {
          stillClosing.append(connection)
        }
      }
      closing = stillClosing
      if let line = refusals.withLock({ $0.report(at: now) }) { log.problem(line) }
      guard listening, descriptors[0].revents != 0 else { continue }
      // The connections that are waiting, each kept or answered, before polling again; at most
      // `maximumWaiting` of them, so that clients coming straight back when turned away cannot
      // keep this loop from reading the heads that have arrived.
      for _ in 0..<max(1, limits.maximumWaiting) {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let connection = withUnsafeMutablePointer(to: &storage) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemAccept(listener, $0, &length) }
        }
        guard connection >= 0 else { break }
        _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
        _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) & ~O_NONBLOCK)
        let client = ClientAddress(storage)
        switch Self.room(for: client, in: waiting, limits: limits) {
        case .free:
          break
        case .displacing(let index):
          let oldest = waiting.remove(at: index)
          letGo(
            oldest.descriptor,
            .error(503, "too many connections at once; send again shortly", headers: ["Retry-After: 5"]))
          refused(.serverFull, oldest.client)
        case .none(let reason):
          let message =
            reason == .addressFull
            ? "too many connections from your address at once; send again shortly"
            : "too many connections at once; send again shortly"
          letGo(connection, .error(503, message, headers: ["Retry-After: 5"]))
          refused(reason, client)
          continue
        }
        waiting.append(
          Waiting(descriptor: connection, client: client, deadline: now.addingTimeInterval(limits.headerTimeout)))
      }
    }
    let deadline = stoppedAt.addingTimeInterval(limits.shutdownGrace)
    while connections.withLock({ $0.active }) > 0 && Date() < deadline { usleep(20_000) }
    connections.withLock { $0.abandoned = true }
    // Connections still open notice within one poll interval and close.
    let last = Date().addingTimeInterval(2)
    while connections.withLock({ $0.active }) > 0 && Date() < last { usleep(20_000) }
  }

  private var isAbandoned: Bool { connections.withLock { $0.abandoned } }

  /// Counts a connection turned away, for the next line that counts them.
  private func refused(_ reason: RefusalTally.Reason, _ client: ClientAddress) {
    refusals.withLock { $0.note(reason, from: client, at: Date()) }
  }

  /// Whether a new connection from `client` has a slot among the `waiting` ones.
  private enum Room {
    /// A slot is free.
    case free
    /// Every slot is taken: the connection at this index, the oldest of the address holding
    /// the most, gives its slot up.
    case displacing(Int)
    /// No slot: the address holds its share, or as many as any other address when all are taken.
    case none(RefusalTally.Reason)
  }

  /// Where a new connection from `client` goes: its address may hold `maximumWaitingPerAddress`
  /// connections; with every slot taken, an address holding fewer than another takes the slot
  /// of that one's oldest, so that no address can keep out the others.
  private static func room(for client: ClientAddress, in waiting: [Waiting], limits: ReceiveLimits) -> Room {
    var held: [ClientAddress: Int] = [:]
    for connection in waiting { held[connection.client, default: 0] += 1 }
    let own = held[client, default: 0]
    guard own < limits.maximumWaitingPerAddress else { return .none(.addressFull) }
    guard waiting.count >= limits.maximumWaiting else { return .free }
    let most = held.values.max() ?? 0
    guard own + 1 < most, let index = waiting.firstIndex(where: { held[$0.client] == most }) else {
      return .none(.serverFull)
    }
    return .displacing(index)
  }

  /// What a read on the accepting thread brought.
  private enum Received: Equatable {
    case data, nothing, closed
  }

  #if canImport(Glibc)
    private static var sendFlags: Int32 { Int32(MSG_NOSIGNAL | MSG_DONTWAIT) }
    private static var receiveFlags: Int32 { Int32(MSG_DONTWAIT) }
  #else
    private static var sendFlags: Int32 { Int32(MSG_DONTWAIT) }
    private static var receiveFlags: Int32 { Int32(MSG_DONTWAIT) }
  #endif

  /// Appends what has arrived, up to `count` bytes in all, without waiting.
  private static func receive(_ descriptor: Int32, into bytes: inout [UInt8], upTo count: Int) -> Received {
    let room = max(1, count - bytes.count)
    var buffer = [UInt8](repeating: 0, count: min(room, 65_536))
    let received = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, receiveFlags) }
    if received > 0 {
      if bytes.count < count { bytes += buffer[0..<min(received, count - bytes.count)] }
      return .data
    }
    if received == 0 { return .closed }
    return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .nothing : .closed
  }

  private static func seconds(_ value: Double) -> String {
    value >= 1 ? "\(Int(value)) s" : String(format: "%.1f s", value)
  }

  /// Decides what to do with a request whose head has arrived: answers it at once, or hands it
  /// to a thread that reads its body, when one is free.
  private func admit(
    _ descriptor: Int32, from client: ClientAddress, head: RequestHead, rest: ArraySlice<UInt8>,
    letGo: (Int32, PushReply, Bool) -> Void
  ) {
    let isPush = head.method == "POST"
    let claimed = Int(head.header("content-length") ?? "") ?? 0
    let decision = PushAdmission.decide(
      head, token: token, maximumBody: limits.maximumBody, isStopping: isStopping())
    if case .answer(let reply) = decision {
      letGo(descriptor, reply, head.method != "HEAD")
      if isPush { logPush(bytes: claimed, reply: reply, records: nil, summary: nil, note: note(for: reply)) }
      return
    }
    let refusal = connections.withLock { state -> RefusalTally.Reason? in
      guard state.active < limits.maximumConnections else { return .pushesFull }
      guard state.byAddress[client, default: 0] < limits.maximumConnectionsPerAddress else {
        return .addressPushesFull
      }
      state.active += 1
      state.byAddress[client, default: 0] += 1
      return nil
    }
    if let refusal {
      let message =
        refusal == .addressPushesFull
        ? "too many pushes from your address at once; send again shortly"
        : "too many pushes at once; send again shortly"
      letGo(descriptor, .error(503, message, headers: ["Retry-After: 5"]), true)
      refused(refusal, client)
      return
    }
    Thread.detachNewThread { [self] in
      serve(Peer(descriptor: descriptor), decision: decision, rest: rest)
      connections.withLock { state in
        state.active -= 1
        state.byAddress[client, default: 1] -= 1
        if state.byAddress[client] == 0 { state.byAddress[client] = nil }
      }
    }
  }

  /// Reads and answers the body of a push the token (if any) has let in.
  private func serve(_ peer: Peer, decision: PushAdmission.Decision, rest: ArraySlice<UInt8>) {
    var refusedUnread = false
    defer { peer.close(draining: refusedUnread) }
    switch decision {
    case .answer: return
    case .readBody(let length, let sendContinue):
      var body = Array(rest.prefix(length))
      if sendContinue && body.count < length { peer.write(PushReply.continueBytes) }
      guard readBody(peer, into: &body, length: length) else { return }
      answerPush(peer, body: &body)
    case .readChunkedBody(let sendContinue):
      var decoder = ChunkedBody(maximumBody: limits.maximumBody)
      if sendContinue && rest.isEmpty { peer.write(PushReply.continueBytes) }
      guard readChunkedBody(peer, rest: rest, into: &decoder) else {
        // What the client still sends is not read: let it arrive before closing.
        refusedUnread = true
        return
      }
      var body = decoder.body
      decoder = ChunkedBody(maximumBody: 0)
      answerPush(peer, body: &body)
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

  /// Checks a complete body, keeps it durably, hands what the check read to the queue and
  /// answers with what became of it. The body is let go of once it is on disk.
  private func answerPush(_ peer: Peer, body: inout [UInt8]) {
    let received = Date()
    let bytes = body.count
    let checked: CheckedPush<Contents>
    do {
      checked = try handler.validate(body)
    } catch {
      let reply = PushReply.error(error.status, error.message)
      peer.write(reply.bytes())
      logPush(bytes: body.count, reply: reply, records: nil, summary: nil, note: error.note)
      return
    }
    let records = checked.records
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
      body = []
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
    switch queue.submit(path, contents: checked.contents).wait(seconds: limits.importWait) {
    case .stored(let stored):
      summary = stored
      reply = .stored(stored)
    case .queued:
      reply = .queued(records: records)
    case .rejected(let reason):
      reply = .rejected(reason)
    }
    peer.write(reply.bytes())
    logPush(
      bytes: bytes, reply: reply, records: records, summary: summary,
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
