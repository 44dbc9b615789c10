import Foundation
import PandaCore
import PandaImport
import PandaReceive
import PandaServices
import PandaStore

/// `panda receive --listen HOST:PORT`: a small HTTP server that stores what Health Auto Export's
/// REST automations push.
enum ReceiveCommand: PandaCommand {
  static let spec = CommandSpec(
    "receive", summary: "receive Health Auto Export pushes over HTTP and store them",
    forms: Action.allCases.map(form),
    details: """
      Point the app's REST API automation (format JSON) at http://HOST:PORT/ and add the header
      Authorization: Bearer TOKEN. Any path is accepted; GET / answers 200 for health checks.
      A push is checked, then written to the spool folder beside the database (PATH.inbox) and
      flushed to disk before it is answered, then imported like panda import of a JSON file.
      Answers: 200 stored (records, and of them new, updated, duplicates, unused, skipped and
      implausible; days), 202 queued (another panda run holds the database: the push is kept and
      imported once it is free), 400 not JSON, cut off, not the app's or dated outside 2000-01-01
      to tomorrow, 401 no or wrong token, 408 too slow (the head must arrive within 5 s, the body
      may not pause for 30 s), 411 neither Content-Length nor chunked, 413 over --max-body, 422
      nothing panda can use (kept in PATH.inbox/rejected), 503 with Retry-After shutting down, more
      than 128 connections still sending their head (64 from one address) or 16 pushes read at
      once (8 from one address). Connections turned away are counted in a line on stderr at most
      once a minute.
      A push whose import fails for another reason (the database refuses it) is tried again after 5,
      30, 60, 120 and 180 s while later pushes are imported, then moved to PATH.inbox/quarantine with
      a .reason file (a restart goes on counting the attempts); panda status counts them and `panda
      receive retry` imports them again (exit 0 when all are stored, 65 when one was refused, 75 when
      one still fails). Control characters in workout names and sources are stored escaped.
      Without --token-env only a loopback address is accepted. One line per push on stderr (time,
      size, records, new, status). SIGTERM or Ctrl-C finishes the requests in flight, leaves queued
      pushes in the spool for the next start, and exits 0.
      Exit statuses: 64 bad option, 65 the database is not panda's, 69 the address cannot be
      listened on, 73 the spool folder cannot be created, 78 the token variable is unset, empty or
      shorter than 16 characters, no token off loopback, or a host that names no address here.
      """)

  /// The ways `panda receive` is called.
  enum Action: CaseIterable {
    /// Listen for pushes and store them (the form without a word).
    case listen
    /// Import the quarantined pushes again.
    case retry

    /// The word that selects the form; `nil` for listening.
    var word: String? {
      switch self {
      case .listen: nil
      case .retry: "retry"
      }
    }

    /// The form the words select: `retry`, else listening.
    static func given(_ positionals: [String]) -> Action {
      allCases.first { $0.word != nil && $0.word == positionals.first } ?? .listen
    }
  }

  /// `--listen HOST:PORT`.
  static let listen = OptionSpec(
    "listen", valueName: "HOST:PORT", isRequired: true,
    help: "the address to listen on: 127.0.0.1:8080, [::1]:8080, 0.0.0.0:8080 (every address)")
  /// `--token-env VAR`.
  static let tokenEnvironment = OptionSpec(
    "token-env", valueName: "VAR",
    help: "the environment variable holding the token pushes must send as Authorization: Bearer TOKEN")
  /// `--max-body SIZE`.
  static let maximumBody = OptionSpec(
    "max-body", valueName: "SIZE", default: "64MB",
    help: "the largest push accepted, such as 64MB, 500KB or 1048576 (bytes); 1 KB is 1024 bytes")
  /// `--quiet`, said of the pushes.
  static let quiet = OptionSpec(
    "quiet", short: "q", kind: .flag, help: "no line per push on stderr (problems are still reported)")

  /// The form of `action` in the command's spec.
  static func form(_ action: Action) -> CommandSpec.Form {
    switch action {
    case .listen:
      .init(options: [listen, tokenEnvironment, maximumBody, quiet, .database, .timeZone, .sourcePriority])
    case .retry:
      .init(action.word, options: [.database, .timeZone, .sourcePriority])
    }
  }

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    switch Action.given(arguments.positionals) {
    case .retry:
      if let word = arguments.positionals.dropFirst().first { throw UsageError.unexpectedArgument(word) }
      return try retryQuarantined(arguments, console: console)
    case .listen:
      if let word = arguments.positionals.first { throw UsageError.unexpectedArgument(word) }
      return try await receive(arguments, console: console)
    }
  }

  /// `panda receive --listen HOST:PORT`: serves until SIGTERM or Ctrl-C.
  static func receive(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    let listen = arguments.value(Self.listen) ?? ""
    guard let address = ListenAddress.parse(listen) else {
      throw UsageError.invalidValue(
        option: Self.listen.name, value: listen, expected: "HOST:PORT, such as 127.0.0.1:8080 or [::1]:8080")
    }
    var limits = ReceiveLimits()
    if let text = arguments.value(maximumBody) {
      guard let bytes = ByteSize.parse(text) else {
        throw UsageError.invalidValue(
          option: maximumBody.name, value: text, expected: "a size such as 64MB, 500KB or 1048576 (bytes)")
      }
      limits.maximumBody = bytes
    }
    let context = try DailyContextOptions.context(arguments, environment: console.environment)
    guard !address.resolved().isEmpty else {
      console.error("panda: \(ReceiveError.cannotResolve(address.host))\n")
      return .configuration
    }
    var token: BearerToken?
    if let variable = arguments.value(tokenEnvironment) {
      guard let value = console.environment[variable], let parsed = BearerToken(value) else {
        console.error(
          "panda: the environment variable \(variable) is not set or empty; set it to the token the app "
            + "sends (Authorization: Bearer TOKEN), for example: export \(variable)=\"$(openssl rand -hex 24)\"\n")
        return .configuration
      }
      guard parsed.isLongEnough else {
        console.error(
          "panda: the token in \(variable) is too short; use at least \(BearerToken.minimumLength) characters, for "
            + "example: export \(variable)=\"$(openssl rand -hex 24)\"\n")
        return .configuration
      }
      token = parsed
    } else if !address.isLoopback {
      console.error(
        "panda: listening on \(address.description) without a token would let anyone on the network write into "
          + "your health data; put a token in an environment variable and name it with --token-env VAR, "
          + "or listen on 127.0.0.1\n")
      return .configuration
    }
    let quiet = arguments.has(Self.quiet)
    let databasePath = DatabaseLocation.path(arguments, environment: console.environment)
    try DatabaseLocation.createFolder(for: databasePath)
    try checkUsable(databasePath)
    let spool = PushSpool(databasePath: databasePath)
    do {
      try spool.prepare()
    } catch {
      console.error("panda: \(error)\n")
      return .cannotCreate
    }
    let log = ReceiveLog(
      routine: { line in if !quiet { console.error(line + "\n") } }, problem: { line in console.error(line + "\n") })
    // After SIGTERM or Ctrl-C a push being imported has 2 s to finish; a larger one is rolled back
    // and stays in the spool, so that stopping takes seconds, not the minutes a huge push can.
    let grace = StopGrace(seconds: 2, isStopping: { InterruptSignal.received })
    let followsStoredZone = try !DailyContextOptions.zoneSetting(arguments, environment: console.environment).isGiven
    let handler = handler(
      databasePath: databasePath, context: context, followsStoredZone: followsStoredZone,
      isCancelled: { grace.expired })
    let queue = PushQueue(databasePath: databasePath, spool: spool, handler: handler, log: log)
    InterruptSignal.install()
    defer { InterruptSignal.restore() }
    let server: ReceiveServer<HealthAutoExportDocument>
    do {
      server = try ReceiveServer(
        address: address, limits: limits, token: token, handler: handler, spool: spool, queue: queue, log: log,
        isStopping: { InterruptSignal.received })
    } catch {
      console.error("panda: \(error)\n")
      if case .cannotResolve = error { return .configuration }
      return .unavailable
    }
    let leftovers = spool.pending()
    if !quiet {
      let host = address.host.contains(":") ? "[\(address.host)]" : address.host.isEmpty ? "0.0.0.0" : address.host
      var line = "panda: receiving on http://\(host):\(server.port)/ into \(databasePath)"
      line += token == nil ? " (no token: loopback only)" : " (token from \(arguments.value(tokenEnvironment) ?? ""))"
      if !leftovers.isEmpty {
        line +=
          "; importing \(leftovers.count) \(leftovers.count == 1 ? "push" : "pushes") left in \(spool.folder) first"
      }
      console.error(line + "\n")
    }
    queue.start(leftovers: leftovers)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Thread.detachNewThread {
        server.run()
        done.resume()
      }
    }
    queue.stop()
    if !quiet { console.error("panda: stopped receiving\n") }
    return .success
  }

  /// `panda receive retry`: imports the quarantined pushes again, under the run lock, whether or
  /// not a receiver is running; each is stored (and leaves the quarantine), refused (moved to
  /// `rejected/`) or stays with its new reason.
  static func retryQuarantined(_ arguments: Arguments, console: Console) throws -> ExitCode {
    let context = try DailyContextOptions.context(arguments, environment: console.environment)
    let databasePath = DatabaseLocation.path(arguments, environment: console.environment)
    let spool = PushSpool(databasePath: databasePath)
    let quarantined = spool.quarantined()
    guard !quarantined.isEmpty else {
      console.output("No quarantined pushes in \(spool.quarantineFolder).\n")
      return .success
    }
    try checkUsable(databasePath)
    let wait = Double(console.environment["PANDA_LOCK_WAIT"] ?? "") ?? 10
    guard let lock = try RunLock.acquire(for: databasePath, waitingUpTo: wait) else {
      console.error("panda: another panda run holds \(databasePath); try again when it has finished\n")
      return .temporaryFailure
    }
    defer { withExtendedLifetime(lock) {} }
    let followsStoredZone = try !DailyContextOptions.zoneSetting(arguments, environment: console.environment).isGiven
    let handler = handler(databasePath: databasePath, context: context, followsStoredZone: followsStoredZone)
    var refused = 0
    var failing = 0
    for (path, _) in quarantined {
      let name = (path as NSString).lastPathComponent
      do {
        let summary = try handler.store(path, nil)
        try spool.removeQuarantined(path)
        console.output(
          "\(name): stored, \(summary.records.grouped) records, \(summary.inserted.grouped) new, "
            + "\(summary.updated.grouped) updated\n")
      } catch  where handler.isUnusable(error) {
        refused += 1
        let kept = (try? spool.reject(path)) ?? path
        unlink(path + ".reason")
        console.output("\(name): refused and moved to \(kept): \(EchoedText.quoted("\(error)", limit: 300))\n")
      } catch {
        failing += 1
        spool.noteFailure(
          ofQuarantined: path, reason: "\(PushLog.timestamp(Date())) panda receive retry failed: \(error)\n")
        console.output("\(name): still fails (\(EchoedText.quoted("\(error)", limit: 300))); it stays quarantined\n")
      }
    }
    return failing > 0 ? .temporaryFailure : refused > 0 ? .dataError : .success
  }

  /// Refuses at start a database no push could be imported into (not SQLite, another
  /// application's, a newer panda's), rather than answering 202 to pushes that will wait forever.
  /// One an older panda laid out is fine: the first import upgrades it.
  static func checkUsable(_ path: String) throws {
    guard FileManager.default.fileExists(atPath: path) else { return }
    do {
      let database = try DatabaseLocation.openForReading(path)
      withExtendedLifetime(database) {}
    } catch SchemaError.older, SchemaError.empty {
      return
    }
  }

  /// Checks pushes and stores them with the push import job (`PushImport`). A push is read
  /// once, as it is checked; what was read is stored, and only a push imported later (after a
  /// restart, or once another run let go of the database) is read from its file again. Whether
  /// a push holds anything panda uses is known only as it is imported: one that does not is
  /// refused then (422, and kept in `rejected/`). `isCancelled` rolls an import back. With
  /// `followsStoredZone` (no zone named), each push counts days in the zone stored with the
  /// database when it is imported, as the next command will.
  static func handler(
    databasePath: String, context: DailyContext, followsStoredZone: Bool = false,
    isCancelled: @escaping @Sendable () -> Bool = { false }
  ) -> PushHandler<HealthAutoExportDocument> {
    var push = PushImport(context: context, route: .push)
    push.followsStoredZone = followsStoredZone
    push.isCancelled = isCancelled
    return PushHandler(
      validate: { [push] bytes throws(PushRefusal) -> CheckedPush<HealthAutoExportDocument> in
        // The points themselves too: a name, source or date too long, a date before 2000 or after
        // tomorrow is refused now, before the push is acknowledged, not found as it is imported.
        do throws(HealthAutoExportError) {
          let document = try push.check(bytes, receivedAt: Int64(Date().timeIntervalSince1970))
          return CheckedPush(records: document.recordCount, contents: document)
        } catch {
          var offset = 0
          if case .malformed(_, let at, _) = error { offset = at }
          throw PushRefusal(status: 400, message: "\(error)", note: "malformed at byte \(offset)")
        }
      },
      store: { [push] path, checked in
        let summary = try push.runSpooled(at: path, checked: checked) { try DatabaseLocation.open(databasePath) }
        return PushSummary(
          records: summary.records, inserted: summary.inserted, updated: summary.updated,
          duplicates: summary.duplicates, days: summary.daysTouched,
          unused: summary.unknownMetrics.values.reduce(0, +), skipped: summary.skipped,
          implausible: summary.implausible)
      },
      isUnusable: { error in error is HealthAutoExportError })
  }
}
