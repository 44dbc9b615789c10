import Foundation
import Testing

@testable import PandaCLI
@testable import PandaTestSupport

/// What docs/ says agrees with panda: a `panda log` example's "stored as" is what panda stores,
/// every command has its section in the command guide, and the cron lines name both install routes.
@Suite struct DocsAgreementTests {
  static func page(_ name: String) throws -> String {
    try String(
      contentsOf: Documentation.root.appendingPathComponent("docs").appendingPathComponent(name),
      encoding: .utf8)
  }

  /// The shell words of `line`, quotes removed (`"16 fl oz"` is one word).
  static func words(_ line: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quote: Character?
    var inWord = false
    for character in line {
      if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "\"" || character == "'" {
        quote = character
        inWord = true
      } else if character == " " {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else {
        current.append(character)
        inWord = true
      }
    }
    if inWord { words.append(current) }
    return words
  }

  @Test func everyLogExampleStoresWhatItsCommentSays() async throws {
    let lines = try Self.page("commands.md").split(separator: "\n").map(String.init).filter {
      $0.hasPrefix("panda log ") && $0.contains("# stored as ")
    }
    #expect(!lines.isEmpty)
    for line in lines {
      let parts = line.components(separatedBy: "# stored as ")
      let stored = parts[1].trimmingCharacters(in: .whitespaces)
      let folder = try TemporaryFolder()
      let result = await runPanda(
        Array(Self.words(parts[0]).dropFirst()) + ["--db", folder.file("panda.sqlite")],
        environment: ["XDG_CONFIG_HOME": folder.path, "HOME": folder.path])
      #expect(result.status == .success, "\(line): \(result.error)")
      #expect(result.output.contains("  \(stored)"), "\(line) printed \(result.output)")
    }
  }

  @Test func everyCommandHasItsSectionInTheGuide() throws {
    let guide = try Self.page("commands.md")
    for command in PandaCommandLine.commands.map({ $0.spec.name })
    where !["help", "completions", "man"].contains(command) {
      #expect(guide.contains("`panda \(command)"), "no section for panda \(command)")
    }
  }

  @Test func cronLinesNameThePathOfEachInstallRoute() throws {
    for name in ["commands.md", "automation.md"] {
      let page = try Self.page(name)
      guard page.contains("/usr/local/bin/panda") else { continue }
      #expect(page.contains("/usr/bin/panda"), "\(name) names only /usr/local/bin/panda")
    }
    let install = try Self.page("install.md")
    #expect(install.contains("built once with `.ci/package-deb` on a machine with Swift"))
  }

  @Test func theImportSectionNamesEveryFieldOfItsJSON() async throws {
    let folder = try TemporaryFolder()
    let result = await runPanda([
      "import", Fixtures.path("ios16-quirks.xml"), "--format", "json", "--db", folder.file("panda.sqlite"),
    ])
    #expect(result.status == .success, "\(result.error)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let guide = try Self.page("commands.md")
    let start = try #require(guide.range(of: "## `panda import PATH...`"))
    let end = try #require(guide.range(of: "**Health Auto Export JSON.**", range: start.upperBound..<guide.endIndex))
    let section = guide[start.upperBound..<end.lowerBound]
    for key in object.keys.sorted() {
      #expect(section.contains("`\(key)`"), "docs/commands.md does not name \(key)")
    }
  }
}
