import Foundation

/// An export's XML with another export date, as a later export of the same phone would carry.
extension String {
  /// The XML with its `ExportDate` set to `date` (`2025-07-01 08:00:00 +0200`); unchanged when it
  /// has none.
  func settingExportDate(to date: String) -> String {
    guard let range = range(of: #"<ExportDate value="[^"]*"/>"#, options: .regularExpression) else { return self }
    return replacingCharacters(in: range, with: "<ExportDate value=\"\(date)\"/>")
  }
}
