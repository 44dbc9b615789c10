/// One night's sleep as Health Auto Export summarises it (`sleep_analysis` with summaries on),
/// in hours.
struct HealthAutoExportNight: Sendable, Equatable {
  /// The day the night ends on, in the offset the phone wrote: the night's identity across pushes.
  var day: String
  var sleepStart: Int64?
  var sleepEnd: Int64
  /// All sleep: core + deep + REM + unspecified, or the older layout's `asleep`.
  var asleep: Double?
  /// The in-bed time the phone recorded, if it did.
  var inBed: Double?
  var core: Double?
  var deep: Double?
  var rem: Double?
  var awake: Double?
  var source: String?
}
