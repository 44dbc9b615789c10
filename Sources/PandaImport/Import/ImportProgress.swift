/// How far an import has come, for progress displays.
package struct ImportProgress: Sendable {
  /// Bytes of the input file read so far.
  package var bytesRead: Int64
  /// The input file's size.
  package var totalBytes: Int64
  /// Items read so far: records, workouts, activity summaries, correlations.
  package var records: Int
  /// Seconds since the import started.
  package var elapsed: Double

  /// Creates a value from its stored properties.
  init(bytesRead: Int64, totalBytes: Int64, records: Int, elapsed: Double) {
    self.bytesRead = bytesRead
    self.totalBytes = totalBytes
    self.records = records
    self.elapsed = elapsed
  }
}
