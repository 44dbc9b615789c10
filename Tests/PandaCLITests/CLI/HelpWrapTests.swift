import Foundation
import Testing

@testable import PandaCLI
@testable import PandaCore
@testable import PandaTestSupport

/// Help paragraphs are filled to the width at whole words: no line ends early while the next
/// word of its paragraph would have fitted on it.
@Suite struct HelpWrapTests {
  /// The lines of `text` that end early: the next line continues their paragraph and its first
  /// word would have fitted.
  static func shortLines(_ text: String) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var short: [String] = []
    for index in lines.indices.dropLast() {
      let line = lines[index]
      let next = lines[index + 1]
      if line.isEmpty || next.isEmpty || line.hasPrefix(" ") || next.hasPrefix(" ") || next.hasPrefix("- ") {
        continue
      }
      let word = next.split(separator: " ").first.map(String.init) ?? ""
      if word.hasSuffix(":") { continue }
      if line.count + 1 + word.count <= HelpText.width { short.append(line) }
    }
    return short
  }

  @Test func everyCommandsDetailsAreFilledAtWholeWords() {
    let specs = PandaCommandLine.commands.map { $0.spec }
    for spec in specs {
      let short = Self.shortLines(HelpText.fill(spec.details))
      #expect(short.isEmpty, "panda help \(spec.name): \(short)")
    }
  }

  @Test func aCommandWhoseSubcommandIsOptionalIsListedSo() async {
    let help = await runPanda(["help"])
    #expect(help.output.contains("  receive [retry] "), "\(help.output)")
    #expect(!help.output.contains("receive |retry"))
  }
}
