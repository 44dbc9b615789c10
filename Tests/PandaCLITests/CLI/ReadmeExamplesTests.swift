import Foundation
import Testing

@testable import PandaCLI
@testable import PandaCore
@testable import PandaTestSupport

/// The command lines the README and the guides in docs/ show are parsed as panda would parse them,
/// so that no page can name an option a command does not take.
@Suite struct ReadmeExamplesTests {
  @Test func theReadmeFitsOnAFewScreensAndLinksEveryGuide() throws {
    let readme = try Data(contentsOf: Documentation.root.appendingPathComponent("README.md"))
    #expect(readme.count <= 12 * 1024, "README.md is \(readme.count) bytes")
    let text = String(decoding: readme, as: UTF8.self)
    let guides = try Documentation.pages().dropFirst().map(\.lastPathComponent)
    #expect(guides.count >= 6)
    for guide in guides {
      #expect(text.contains("(docs/\(guide))"), "README.md does not link docs/\(guide)")
    }
    let firstScreen = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(40).joined(separator: "\n")
    for step in ["panda import", "panda insights", "panda report"] {
      #expect(firstScreen.contains(step), "the README's first screen does not show \(step)")
    }
  }

  @Test func everyExampleInTheReadmeParses() throws {
    let examples = try Documentation.examples()
    #expect(examples.count > 50)
    for example in examples {
      let words = PandaCommandLine.commandFirst(Documentation.words(example))
      if words == [OptionSpec.version.long] { continue }
      guard let name = words.first, let command = PandaCommandLine.command(named: name) else {
        Issue.record("README: unknown command in 'panda \(example)'")
        continue
      }
      #expect(throws: Never.self, "README: panda \(example)") {
        try Arguments(Array(words.dropFirst()), command: command.spec)
      }
    }
  }
}
