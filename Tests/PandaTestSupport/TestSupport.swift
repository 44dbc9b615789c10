import Foundation

@testable import PandaCLI
@testable import PandaStore

/// A folder under the system temporary directory, removed when the value is released.
final class TemporaryFolder: Sendable {
  let path: String

  init() throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("panda-tests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  func file(_ name: String) -> String {
    (path as NSString).appendingPathComponent(name)
  }

  /// Writes `text` to a file in the folder and returns its path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    try write(name, Data(text.utf8))
  }

  @discardableResult
  func write(_ name: String, _ data: Data) throws -> String {
    let path = file(name)
    try data.write(to: URL(fileURLWithPath: path))
    return path
  }
}

/// Hand-made export files kept in `Tests/Fixtures`.
enum Fixtures {
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  static func path(_ name: String) -> String {
    folder.appendingPathComponent(name).path
  }

  static func data(_ name: String) throws -> Data {
    try Data(contentsOf: folder.appendingPathComponent(name))
  }
}

/// A minimal well-formed export around `body`.
func exportXML(_ body: String) -> String {
  """
  <?xml version="1.0" encoding="UTF-8"?>
  <!DOCTYPE HealthData [
  <!ATTLIST Record
    type CDATA #REQUIRED
    value CDATA #IMPLIED
  >
  ]>
  <HealthData locale="en_US">
  \(body)
  </HealthData>

  """
}

/// A step count record with the given fields.
func stepRecord(source: String = "iPhone", start: String, end: String, value: String) -> String {
  "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"\(source)\" unit=\"count\" startDate=\"\(start)\" endDate=\"\(end)\" value=\"\(value)\"/>"
}

/// Captures what a command prints.
final class CapturedConsole: @unchecked Sendable {
  private let lock = NSLock()
  private var outputText = ""
  private var errorText = ""

  var output: String { lock.withLock { outputText } }
  var error: String { lock.withLock { errorText } }

  func console(environment: [String: String] = [:], terminal: Bool = false) -> Console {
    Console(
      output: { text in self.lock.withLock { self.outputText += text } },
      error: { text in self.lock.withLock { self.errorText += text } },
      errorIsTerminal: terminal, outputIsTerminal: terminal, environment: environment)
  }
}

/// Runs `panda` in-process with `arguments`; `terminal` pretends both outputs are terminals.
func runPanda(_ arguments: [String], environment: [String: String] = [:], terminal: Bool = false) async -> (
  status: ExitCode, output: String, error: String
) {
  let captured = CapturedConsole()
  let status = await PandaCommandLine.run(
    arguments, console: captured.console(environment: environment, terminal: terminal))
  return (status, captured.output, captured.error)
}

/// Every row of every table, to show that a failed command left the database as it was.
func contents(ofDatabaseAt path: String) throws -> [String] {
  let database = try Database(path: path)
  var lines: [String] = []
  let tables = try database.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .compactMap { $0.text("name") }
  for table in tables {
    for row in try database.rows("SELECT * FROM \(table) ORDER BY 1") {
      lines.append(table + ": " + row.values.map { "\($0)" }.joined(separator: "|"))
    }
  }
  return lines
}

/// The `panda` executable built beside the test bundle.
func pandaExecutable() -> String {
  let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  return bundle.appendingPathComponent("panda").path
}

/// The built `panda` running as a child process, for what only a real process shows: signals,
/// races between processes, waits that never end.
final class PandaProcess {
  private let process = Process()
  private let errorPipe = Pipe()

  init(_ arguments: [String], environment: [String: String] = [:]) throws {
    process.executableURL = URL(fileURLWithPath: pandaExecutable())
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errorPipe
    try process.run()
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }

  /// Whether the process has not ended yet.
  var isRunning: Bool { process.isRunning }

  /// Sends `signal` to the process.
  func send(_ signal: Int32) {
    kill(process.processIdentifier, signal)
  }

  /// The exit status and what it printed on standard error, once it has ended; `nil` if it is
  /// still running after `seconds` (it is then killed).
  func finish(within seconds: Double) -> (status: Int32, error: String)? {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    guard !process.isRunning else {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      return nil
    }
    let error = String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return (process.terminationStatus, error)
  }
}

/// Waits until a file exists at `path`, up to `seconds`; whether it does.
func waitForFile(_ path: String, seconds: Double = 30) -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while !FileManager.default.fileExists(atPath: path) {
    guard Date() < deadline else { return false }
    usleep(20_000)
  }
  return true
}

/// Runs a system tool quietly; whether it succeeded.
func runTool(_ arguments: String...) -> Bool {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = arguments
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  guard (try? process.run()) != nil else { return false }
  process.waitUntilExit()
  return process.terminationStatus == 0
}
