/// What an insight job produced for one category and period.
package enum InsightStatus: String, Codable, Sendable {
  case ok, noData, failed
}
