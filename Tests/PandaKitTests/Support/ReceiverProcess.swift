import Foundation

/// `panda receive` running as a child process on a port the system chose, with what it writes on
/// standard error collected as it comes.
final class ReceiverProcess: @unchecked Sendable {
  private let process = Process()
  private let errorPipe = Pipe()
  private let lock = NSLock()
  private var errorText = ""
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
    Thread.detachNewThread { [self] in
      while true {
        let data = handle.availableData
        if data.isEmpty { return }
        lock.withLock { errorText += String(decoding: data, as: UTF8.self) }
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
    throw POSIXError(.ETIMEDOUT)
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }

  /// What it wrote on standard error so far.
  var error: String { lock.withLock { errorText } }

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
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      return nil
    }
    return process.terminationStatus
  }
}
