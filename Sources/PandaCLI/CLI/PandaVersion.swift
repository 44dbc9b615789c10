import CBuildInfo

/// What `panda --version` says: the release number and the commit the binary was built from.
struct PandaVersion: Sendable, Equatable {
  /// The release number; the one place it is written (the Debian package's version starts with it).
  var number: String
  /// The abbreviated hash of the commit built, or nil when the build was not told (a plain
  /// `swift build`).
  var commit: String?
  /// Whether the tree had uncommitted changes when it was built.
  var isModified: Bool

  /// This binary's version; `.ci/package-deb` tells the build the commit and whether the tree was
  /// modified.
  static let current = PandaVersion(
    number: "0.1.0", commit: commit(String(cString: cbuildinfo_commit())), isModified: cbuildinfo_modified() != 0)

  /// The commit as the build gave it, nil for none.
  static func commit(_ text: String) -> String? {
    text.isEmpty ? nil : text
  }

  /// `0.1.0 (commit 9168ce9)`, `0.1.0 (commit 9168ce9, modified)` or `0.1.0 (unknown commit)`.
  var description: String {
    guard let commit else { return "\(number) (unknown commit\(isModified ? ", modified" : ""))" }
    return "\(number) (commit \(commit)\(isModified ? ", modified" : ""))"
  }
}
