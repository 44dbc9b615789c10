import Foundation

@testable import PandaKit

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
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
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
    .compactMap { $0.text(0) }
  for table in tables {
    for row in try database.rows("SELECT * FROM \(table) ORDER BY 1") {
      lines.append(table + ": " + row.values.map { "\($0)" }.joined(separator: "|"))
    }
  }
  return lines
}
