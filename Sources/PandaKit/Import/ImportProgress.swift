/// How far an import has come, for progress displays.
public struct ImportProgress: Sendable {
  /// Bytes of the input file read so far.
  public var bytesRead: Int64
  /// The input file's size.
  public var totalBytes: Int64
  /// Items read so far: records, workouts, activity summaries, correlations.
  public var records: Int
  /// Seconds since the import started.
  public var elapsed: Double
}
