import Foundation

@testable import PandaCore
@testable import PandaSynthetic

/// Generated days written as an export.
extension SyntheticDays {
  /// The days as an export: a record a day for every metric read from one quantity type, and a
  /// night's sleep ending each morning.
  func asExport() -> String {
    var body = ""
    for series in self.series() {
      guard let source = series.metric.sources.first else { continue }
      for point in series.points {
        let day = point.day.iso
        if source.type == "HKCategoryTypeIdentifierSleepAnalysis" {
          guard series.metric.id == "sleep.asleep" else { continue }
          let end = LocalDay.start(of: point.day, in: TimeZone(identifier: "UTC")!) + 7 * 3_600
          let start = end - Int64(point.value * 3_600)
          let format = ISO8601DateFormatter()
          format.formatOptions = [.withFullDate, .withSpaceBetweenDateAndTime, .withTime, .withColonSeparatorInTime]
          func date(_ seconds: Int64) -> String {
            format.string(from: Date(timeIntervalSince1970: Double(seconds))) + " +0000"
          }
          body +=
            "<Record type=\"\(source.type)\" sourceName=\"Watch\" startDate=\"\(date(start))\" "
            + "endDate=\"\(date(end))\" value=\"HKCategoryValueSleepAnalysisAsleepCore\"/>\n"
          continue
        }
        guard source.type.hasPrefix("HKQuantityTypeIdentifier") else { continue }
        switch series.metric.aggregation {
        case .sum, .mean, .latest: break
        default: continue
        }
        body +=
          "<Record type=\"\(source.type)\" sourceName=\"Watch\" unit=\"\(source.storedUnit)\" "
          + "startDate=\"\(day) 12:00:00 +0000\" endDate=\"\(day) 12:01:00 +0000\" "
          + "value=\"\(point.value / source.scale)\"/>\n"
      }
    }
    return exportXML(body)
  }
}
