import PandaImport
import PandaServices

/// What `panda import` did with one of the files it was given, for its report.
enum ImportFileResult: Encodable {
  /// Committed: it is in the database.
  case imported(ImportSummary)
  /// A Health Auto Export document, committed.
  case importedDocument(HealthAutoExportSummary)
  /// Failed and rolled back: nothing from it is stored.
  case failed(file: String, error: String, status: ExitCode)
  /// Not read, because an earlier file failed.
  case notAttempted(file: String)

  /// The result of `outcome`, with the message and exit status its failure is reported with.
  init(_ outcome: ImportRun.Outcome) {
    switch outcome {
    case .imported(let summary, _): self = .imported(summary)
    case .importedDocument(let summary): self = .importedDocument(summary)
    case .notAttempted(let file): self = .notAttempted(file: file)
    case .failed(let file, .importError(let error)):
      self = .failed(file: file, error: "\(error)", status: ImportCommand.status(for: error))
    case .failed(let file, .document(let error)):
      self = .failed(file: file, error: "\(error)", status: .dataError)
    case .failed(let file, .database(let error, let source)):
      self = .failed(
        file: file, error: "\(error). Nothing from \(source) was imported.", status: PandaCommandLine.status(for: error)
      )
    case .failed(let file, .unexpected(let error)):
      self = .failed(file: file, error: "\(error)", status: .software)
    }
  }

  /// The file, as it was given.
  var file: String {
    switch self {
    case .imported(let summary): summary.file
    case .importedDocument(let summary): summary.file
    case .failed(let file, _, _), .notAttempted(let file): file
    }
  }

  var isImported: Bool {
    switch self {
    case .imported, .importedDocument: true
    case .failed, .notAttempted: false
    }
  }

  private enum Key: String, CodingKey {
    case file, error, exitStatus, notAttempted
  }

  func encode(to encoder: any Encoder) throws {
    switch self {
    case .imported(let summary):
      try summary.encode(to: encoder)
    case .importedDocument(let summary):
      try summary.encode(to: encoder)
    case .failed(let file, let error, let status):
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(file, forKey: .file)
      try container.encode(error, forKey: .error)
      try container.encode(status.rawValue, forKey: .exitStatus)
    case .notAttempted(let file):
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(file, forKey: .file)
      try container.encode(true, forKey: .notAttempted)
    }
  }
}
