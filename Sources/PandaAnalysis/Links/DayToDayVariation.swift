import PandaCore
import PandaStore

/// A metric's day-to-day variation: each whole day's value less the person's usual around it,
/// so that a slow drift (a training plan, a new job) or the weekly rhythm (weekends) cannot make
/// two metrics look linked.
///
/// The usual of a day is the median of the whole days within `halfWidth` days either side (at
/// least `minimumNeighbours` of them); what is left is then centred per weekday (the median of
/// each weekday's deviations is taken away) when every weekday has `minimumPerWeekday`
/// deviations. Partly recorded days and implausible values are left out on both counts.
package struct DayToDayVariation: Sendable {
  /// Days either side of a day that its usual is taken from: a 15-day centred median.
  package static let halfWidth = 7
  /// Whole days the usual needs around a day.
  static let minimumNeighbours = 5
  /// Deviations each weekday needs before the weekly rhythm is taken away.
  static let minimumPerWeekday = 4

  /// The first day `deviations` covers.
  let first: CalendarDay
  /// One entry per day from `first`: the deviation, or `nil` for a day without a whole value.
  let deviations: [Double?]

  /// A variation as given: `deviations` one per day from `first`.
  init(first: CalendarDay, deviations: [Double?]) {
    self.first = first
    self.deviations = deviations
  }

  /// The variation of `points` (oldest first) over `days`; values outside `days` but within
  /// `halfWidth` of it still count towards the usual of the days inside.
  package static func variation(of points: [DailyPoint], metric: Metric?, days: DayRange) -> DayToDayVariation {
    let count = days.count
    let margin = Self.halfWidth
    let base = days.first.adding(days: -margin)
    var dense = [Double?](repeating: nil, count: count + 2 * margin)
    for point in points where !point.isPartial && point.value.isFinite {
      let index = base.days(to: point.day)
      guard dense.indices.contains(index) else { continue }
      if let metric, metric.isImplausible(point.value) { continue }
      dense[index] = point.value
    }
    var deviations = [Double?](repeating: nil, count: count)
    var neighbours: [Double] = []
    neighbours.reserveCapacity(2 * margin + 1)
    for offset in 0..<count {
      guard let value = dense[offset + margin] else { continue }
      neighbours.removeAll(keepingCapacity: true)
      for index in offset...(offset + 2 * margin) {
        if let neighbour = dense[index] { neighbours.append(neighbour) }
      }
      guard neighbours.count >= Self.minimumNeighbours, let usual = RobustStatistics.median(neighbours) else {
        continue
      }
      deviations[offset] = value - usual
    }
    // The weekly rhythm: what is left on each weekday, centred on that weekday's median.
    var byWeekday = [[Double]](repeating: [], count: 7)
    for (offset, deviation) in deviations.enumerated() {
      if let deviation { byWeekday[Self.weekday(days.first.adding(days: offset))].append(deviation) }
    }
    if byWeekday.allSatisfy({ $0.count >= Self.minimumPerWeekday }) {
      let rhythm = byWeekday.map { RobustStatistics.median($0) ?? 0 }
      for offset in deviations.indices {
        if let deviation = deviations[offset] {
          deviations[offset] = deviation - rhythm[Self.weekday(days.first.adding(days: offset))]
        }
      }
    }
    return DayToDayVariation(first: days.first, deviations: deviations)
  }

  /// 0 to 6, the same number for the same weekday.
  private static func weekday(_ day: CalendarDay) -> Int { ((day.ordinal % 7) + 7) % 7 }

  /// The deviation on `day`, if it has one.
  func deviation(on day: CalendarDay) -> Double? {
    let index = first.days(to: day)
    return deviations.indices.contains(index) ? deviations[index] : nil
  }

  /// How much a day's deviation follows the deviation `1…halfWidth` days before (the
  /// autocorrelations at those lags, 0 where too few days are paired to tell). The usual taken
  /// away is shared by neighbouring days, which leaves small negative ones even in pure noise.
  var autocorrelations: [Double] {
    (1...Self.halfWidth).map { lag in
      var xs: [Double] = []
      var ys: [Double] = []
      for index in deviations.indices.dropFirst(lag) {
        if let x = deviations[index - lag], let y = deviations[index] {
          xs.append(x)
          ys.append(y)
        }
      }
      return xs.count >= 10 ? RankCorrelation.pearson(xs, ys) ?? 0 : 0
    }
  }
}
