/// How a habit's days changed: how often there was a session and how long the sessions were.
/// A claim about a habit rests on one of the two, and its sentence says which.
struct HabitChange: Sendable, Equatable, Codable {
  /// The change a habit's claim rests on.
  enum Basis: String, Codable, Sendable {
    /// How many days had a session.
    case frequency
    /// How much there was on the days with a session.
    case sessions
  }

  /// The change the claim rests on.
  var basis: Basis
  /// Days with a session in the current window.
  var currentDaysWithAny: Int
  /// Days counted in the current window.
  var currentDays: Int
  /// Days with a session in the baseline window.
  var baselineDaysWithAny: Int
  /// Days counted in the baseline window.
  var baselineDays: Int
  /// The mean of the current window's days with a session.
  var currentSession: Double?
  /// The mean of the baseline window's days with a session.
  var baselineSession: Double?
}
