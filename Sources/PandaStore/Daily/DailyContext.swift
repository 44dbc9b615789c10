import Foundation

/// The time zone and source priority daily values are computed with.
package struct DailyContext: Sendable, Equatable {
  package var zone: TimeZone
  package var priority: SourcePriority

  package init(zone: TimeZone, priority: SourcePriority = SourcePriority()) {
    self.zone = zone
    self.priority = priority
  }
}
