import Foundation

/// The time zone and source priority daily values are computed with.
public struct DailyContext: Sendable, Equatable {
  public var zone: TimeZone
  public var priority: SourcePriority

  public init(zone: TimeZone, priority: SourcePriority = SourcePriority()) {
    self.zone = zone
    self.priority = priority
  }
}
