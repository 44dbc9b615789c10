/// How a Health Auto Export document arrived: a file imported by hand or from a synced folder,
/// or a push to `panda receive`. `panda status` shows the last of each.
package enum HealthAutoExportRoute: String, Sendable, Codable, CaseIterable {
  case file
  case push
}
