import Foundation
import PandaImport
import PandaStore

/// `panda import` of Health Auto Export JSON: the words for a document's summary.
extension ImportCommand {
  /// The summary line of an imported document.
  package static func text(_ summary: HealthAutoExportSummary) -> String {
    var text = "Imported \(summary.file) (Health Auto Export) in \(String(format: "%.1f", summary.seconds)) s: "
    text += "\(summary.records.grouped) records, \(summary.inserted.grouped) new, "
    text += "\(summary.updated.grouped) updated, \(summary.duplicates.grouped) already stored, "
    text += "\(summary.skipped.grouped) skipped"
    if summary.implausible > 0 {
      text +=
        ", \(summary.implausible.grouped) impossible \(summary.implausible == 1 ? "value" : "values") (not stored)"
    }
    text += "."
    switch summary.daysTouched.count {
    case 0: text += " No day changed.\n"
    case 1...3: text += " Days changed: \(summary.daysTouched.joined(separator: ", ")).\n"
    default:
      text +=
        " \(summary.daysTouched.count) days changed, \(summary.daysTouched[0]) → \(summary.daysTouched.last ?? "").\n"
    }
    if !summary.skippedExamples.isEmpty {
      text += "Points not stored (first \(summary.skippedExamples.count)):\n"
      for example in summary.skippedExamples { text += "  \(example)\n" }
    }
    if !summary.unknownMetrics.isEmpty {
      let names = summary.unknownMetrics.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value.grouped)" }
      text += "Not imported (panda does not use these metrics): \(names.joined(separator: ", "))\n"
    }
    return text
  }
}
