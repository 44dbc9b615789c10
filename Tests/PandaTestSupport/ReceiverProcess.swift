import Foundation
import Synchronization
import Testing

/// `panda receive` running as a child process on a port the system chose, with what it writes on
/// standard error collected as it comes. The process is killed when the value is released, and
/// registered with `ChildProcesses.current`, so a test marked `.endsItsChildren` fails if it
/// leaves one running.
final class ReceiverProcess: @unchecked Sendable {
  /// What the child wrote on standard error, shared with the thread that reads it; that thread
  /// holds this, never the `ReceiverProcess`, so releasing the owner still ends the child.
  private final class ErrorText: Sendable {
    private let text = Mutex("")
    func append(_ data: Data) { text.withLock { $0 += String(decoding: data, as: UTF8.self) } }
    var value: String { text.withLock { $0 } }
  }

  private let process = Process()
  private let errorPipe = Pipe()
  private let errorText = ErrorText()
  /// The port it listens on.
  private(set) var port = 0

  /// Starts `panda receive --listen 127.0.0.1:0` with `arguments` and waits until it listens.
  init(_ arguments: [String], environment: [String: String] = [:]) throws {
    process.executableURL = URL(fileURLWithPath: pandaExecutable())
    process.arguments = ["receive", "--listen", "127.0.0.1:0"] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errorPipe
    let handle = errorPipe.fileHandleForReading
    try process.run()
    ChildProcesses.current?.register(process.processIdentifier)
    let text = errorText
    Thread.detachNewThread {
      while true {
        let data = handle.availableData
        if data.isEmpty { return }
        text.append(data)
      }
    }
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline && process.isRunning {
      if let match = error.firstMatch(of: /receiving on http:\/\/127\.0\.0\.1:(\d+)\//) {
        port = Int(match.1) ?? 0
        return
      }
      usleep(20_000)
    }
    stop()
    throw POSIXError(.ETIMEDOUT)
  }

  deinit {
    stop()
  }

  /// The process id of the child.
  var processIdentifier: Int32 { process.processIdentifier }

  /// Kills the child if it still runs and waits until it has ended.
  func stop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// What it wrote on standard error so far.
  var error: String { errorText.value }

  var isRunning: Bool { process.isRunning }

  func send(_ signal: Int32) {
    kill(process.processIdentifier, signal)
  }

  /// Waits until standard error contains `text`, up to `seconds`; whether it does.
  func waitForError(containing text: String, seconds: Double = 30) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !error.contains(text) {
      guard Date() < deadline else { return false }
      usleep(20_000)
    }
    return true
  }

  /// The exit status once it has ended; `nil` if it is still running after `seconds` (it is
  /// then killed).
  func finish(within seconds: Double) -> Int32? {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    guard !process.isRunning else {
      stop()
      return nil
    }
    return process.terminationStatus
  }
}

/// The child processes started while a test runs, so that the test can check at its end that
/// none is left running.
final class ChildProcesses: Sendable {
  /// The registry of the test running on this task, set by `.endsItsChildren`.
  @TaskLocal static var current: ChildProcesses?

  private let identifiers = Mutex<[Int32]>([])

  /// Notes a child just started.
  func register(_ identifier: Int32) {
    identifiers.withLock { $0.append(identifier) }
  }

  /// The children still alive after waiting up to `seconds` for them to end.
  func stillRunning(after seconds: Double) -> [Int32] {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
      let alive = identifiers.withLock { $0 }.filter(Self.isAlive)
      if alive.isEmpty || Date() >= deadline { return alive }
      usleep(20_000)
    }
  }

  /// Whether `identifier` names a process that has not ended (a zombie, ended but not yet
  /// waited for, counts as ended).
  static func isAlive(_ identifier: Int32) -> Bool {
    guard kill(identifier, 0) == 0 else { return false }
    let stat = (try? String(contentsOfFile: "/proc/\(identifier)/stat", encoding: .utf8)) ?? ""
    guard let close = stat.lastIndex(of: ")") else { return true }
    return !stat[close...].hasPrefix(") Z")
  }
}

/// Fails a test (or every test of a suite) that leaves a child process it started running,
/// and kills what it left.
struct EndsItsChildren: TestTrait, SuiteTrait, TestScoping {
  var isRecursive: Bool { true }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let children = ChildProcesses()
    try await ChildProcesses.$current.withValue(children) { try await function() }
    for identifier in children.stillRunning(after: 5) {
      Issue.record("\(test.name) left the child process \(identifier) running")
      kill(identifier, SIGKILL)
    }
  }
}

extension Trait where Self == EndsItsChildren {
  /// Every child process the test starts must have ended when it ends.
  static var endsItsChildren: Self { EndsItsChildren() }
}
