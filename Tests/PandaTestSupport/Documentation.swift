import Foundation

/// The README and the guides in docs/, and the `panda …` lines their code blocks show.
enum Documentation {
  /// The package's root folder.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// README.md and every Markdown page in docs/.
  static func pages() throws -> [URL] {
    let docs = root.appendingPathComponent("docs")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
    return [root.appendingPathComponent("README.md")]
      + names.filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
  }

  /// The text of README.md and the pages of docs/, one after another.
  static func text() throws -> String {
    try pages().map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
  }

  /// One `panda …` line of a code block: the line as written (continuation lines joined), the
  /// command after `panda` without its comment, redirection, pipe or `[optional]` parts, and the
  /// comment.
  struct ExampleLine {
    /// The line as written, continuation lines joined.
    var line: String
    /// The command after `panda`, without its comment, redirection, pipe or `[optional]` parts.
    var command: String
    /// The comment after `#`, if any.
    var comment: String?
  }

  /// Every `panda …` line in the code blocks of `text`.
  static func exampleLines(in text: String) -> [ExampleLine] {
    var examples: [ExampleLine] = []
    var inBlock = false
    var pending = ""
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.drop(while: { $0 == " " }).hasPrefix("```") {
        inBlock.toggle()
        continue
      }
      guard inBlock else { continue }
      var command = pending + line.trimmingCharacters(in: .whitespaces)
      pending = ""
      if command.hasSuffix("\\") {
        pending = String(command.dropLast())
        continue
      }
      guard let start = command.range(of: "panda "),
        command[..<start.lowerBound].split(separator: " ").allSatisfy({ $0.contains("=") })
      else { continue }
      let full = command
      command = String(command[start.upperBound...])
      var comment: String?
      if let hash = command.range(of: " #") {
        comment = command[hash.upperBound...].trimmingCharacters(in: .whitespaces)
        command = String(command[..<hash.lowerBound])
      }
      for cut in [" >", " |"] {
        if let range = command.range(of: cut) { command = String(command[..<range.lowerBound]) }
      }
      command = command.replacing(/\s*\[[^\]]*\]/, with: "")
      examples.append(ExampleLine(line: full, command: command, comment: comment))
    }
    return examples
  }

  /// Every `panda …` line in the code blocks of the README and docs/, continuation lines joined,
  /// without the comment, redirection or pipe that follows and without `[optional]` parts.
  static func examples() throws -> [String] {
    exampleLines(in: try text()).map(\.command)
  }

  /// `text` split into words as a shell would, for the quoting the README uses ("…" and '…').
  static func words(_ text: String) -> [String] {
    var words: [String] = []
    var word = ""
    var quote: Character?
    var inWord = false
    for character in text {
      if let open = quote {
        if character == open { quote = nil } else { word.append(character) }
      } else if character == "\"" || character == "'" {
        quote = character
        inWord = true
      } else if character == " " {
        if inWord { words.append(word) }
        word = ""
        inWord = false
      } else {
        word.append(character)
        inWord = true
      }
    }
    if inWord { words.append(word) }
    return words
  }
}
