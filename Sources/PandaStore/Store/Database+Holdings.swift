/// What a panda database holds, in a few figures.
extension Database {
  /// How many samples are stored.
  package func sampleCount() throws -> Int {
    Int(try firstRow("SELECT count(*) AS samples FROM samples")?.integer("samples") ?? 0)
  }

  /// When the last import started, in seconds since 1970; `nil` before the first.
  package func lastImportStart() throws -> Int64? {
    try firstRow("SELECT max(started_at) AS last_import FROM imports")?.integer("last_import")
  }
}
