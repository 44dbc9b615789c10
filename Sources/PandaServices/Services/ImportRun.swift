import Foundation
import PandaCore
import PandaImport
import PandaStore

/// The import job, built once from typed inputs: Apple Health exports and Health Auto Export
/// documents stored in the database, each file in its own transaction, stopping at the first
/// that fails. `panda import` adapts it: it holds the run lock, draws the progress and words
/// each file's outcome.
package struct ImportRun {
  /// What became of one file.
  package enum Outcome {
    /// An export, committed; later files count days in `zone`.
    case imported(ImportSummary, zone: TimeZone)
    /// A Health Auto Export document, committed.
    case importedDocument(HealthAutoExportSummary)
    /// Failed and rolled back: nothing from it is stored.
    case failed(file: String, Failure)
    /// Not read, because an earlier file failed.
    case notAttempted(file: String)

    /// The file, as it was given.
    var file: String {
      switch self {
      case .imported(let summary, _): summary.file
      case .importedDocument(let summary): summary.file
      case .failed(let file, _), .notAttempted(let file): file
      }
    }
  }

  /// Why a file was not imported.
  package enum Failure {
    /// The export or the file is unusable, or the run was interrupted.
    case importError(ImportError)
    /// The document is not Health Auto Export's, or holds nothing panda uses.
    case document(HealthAutoExportError)
    /// The database refused the import of `source` (the file, or standard input).
    case database(DatabaseError, source: String)
    /// Anything else that stopped a document's import.
    case unexpected(any Error)
  }

  /// What the run did.
  package struct Output {
    /// One per file, in the order given (a folder of documents stands for its files).
    package var outcomes: [Outcome]
    /// Why writing the log back into the database after the files failed, when it did.
    package var checkpointError: DatabaseError?
  }

  /// The paths given: exports, documents, folders of documents, or `-` for standard input.
  var paths: [String]
  /// The zone and source priority of the daily values.
  package var context: DailyContext
  /// Whether days follow the zone the data points to, because the person named none: each
  /// export then counts them in its data's zone, and the files after it in that zone too.
  package var followsDataZone = false
  /// The machine's zone, for an export whose data points to none when `followsDataZone`.
  var systemZone = TimeZone.current
  /// What to do with an export that lacks many of the stored records.
  package var trust = ExportImporter.Trust.checked
  /// The bytes of standard input, read when a path is `-`.
  package var readStandardInput: () -> [UInt8] = { [] }
  /// Polled as records are read; returning `true` rolls the file being imported back.
  package var isCancelled: @Sendable () -> Bool = { false }
  /// Called every few thousand records of an export.
  package var progress: (ImportProgress) -> Void = { _ in }
  /// The clock a document is received by, in seconds since 1970.
  var now: () -> Int64 = { Int64(Date().timeIntervalSince1970) }

  /// A run importing `paths` with the defaults of every other input.
  package init(paths: [String], context: DailyContext) {
    self.paths = paths
    self.context = context
  }

  /// The files the paths stand for, recognised by content.
  var inputs: [ImportInput] { paths.flatMap(ImportInput.inputs(for:)) }

  /// Runs the job on `database`, calling `completed` as each file it tried is done. Then writes
  /// the log back into the database file and empties it, so that a failure on a full disk
  /// leaves no large log behind.
  package func run(on database: Database, completed: (ImportInput, Outcome) -> Void = { _, _ in }) throws -> Output {
    var context = context
    var outcomes: [Outcome] = []
    let inputs = inputs
    for (index, input) in inputs.enumerated() {
      let outcome =
        input.isDocument
        ? importDocument(at: input.path, into: database, context: context)
        : try importExport(at: input.path, into: database, context: context)
      if case .imported(_, let zone) = outcome { context.zone = zone }
      outcomes.append(outcome)
      completed(input, outcome)
      if case .failed = outcome {
        outcomes += inputs[(index + 1)...].map { .notAttempted(file: $0.path) }
        break
      }
    }
    do {
      try database.checkpoint()
      return Output(outcomes: outcomes, checkpointError: nil)
    } catch {
      return Output(outcomes: outcomes, checkpointError: error)
    }
  }

  /// Imports the export at `path`; what it failed with, unless it is neither the export's nor
  /// the database's.
  private func importExport(at path: String, into database: Database, context: DailyContext) throws -> Outcome {
    let importer = ExportImporter(
      database: database, context: context, systemZone: followsDataZone ? systemZone : nil, trust: trust,
      progress: progress, isCancelled: isCancelled)
    do {
      let summary = try importer.importExport(at: path)
      // Later files of the run count days in the zone this export pointed to.
      let zone = followsDataZone ? TimeZone(identifier: summary.timeZone) ?? context.zone : context.zone
      return .imported(summary, zone: zone)
    } catch let error as ImportError {
      return .failed(file: path, .importError(error))
    } catch let error as DatabaseError where isCancelled() && error.isBusy {
      return .failed(file: path, .importError(.interrupted))
    } catch let error as DatabaseError {
      return .failed(file: path, .database(error, source: path))
    }
  }

  /// Reads, parses and stores one document; a failure leaves the database as it was.
  private func importDocument(at path: String, into database: Database, context: DailyContext) -> Outcome {
    let bytes: [UInt8]
    if path == "-" {
      bytes = readStandardInput()
    } else {
      do {
        bytes = try Self.readFile(path)
      } catch {
        return .failed(file: path, .importError(.unreadable(path: path, reason: "\(error)")))
      }
    }
    let name = path == "-" ? "standard input" : path
    let push = PushImport(context: context, route: .file)
    do {
      let document = try push.document(bytes, name: name)
      return .importedDocument(try push.run(document, name: path, receivedAt: now(), on: database))
    } catch let error as HealthAutoExportError {
      return .failed(file: path, .document(error))
    } catch let error as DatabaseError {
      return .failed(file: path, .database(error, source: name))
    } catch {
      return .failed(file: path, .unexpected(error))
    }
  }

  /// The whole file, read straight into the bytes the parser reads.
  private static func readFile(_ path: String) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(status.st_size))
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[..<count])
    }
  }
}
