import Foundation
import Testing

@testable import PandaCLI
@testable import PandaCore
@testable import PandaTestSupport

/// Runs `executable` (looked up on PATH) with `arguments`; `nil` when it is not installed.
func runTool(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String, error: String)? {
  let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
  guard
    let path = paths.map({ "\($0)/\(executable)" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
  else { return nil }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  let output = Pipe()
  let error = Pipe()
  process.standardOutput = output
  process.standardError = error
  try process.run()
  let outputData = output.fileHandleForReading.readDataToEndOfFile()
  let errorData = error.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (
    process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self)
  )
}

@Suite struct CompletionScriptTests {
  static let specs = PandaCommandLine.commands.map { $0.spec }

  @Test(arguments: CompletionScript.shells)
  func everyCommandSubcommandOptionAndValueIsInTheScript(shell: String) async {
    let result = await runPanda(["completions", shell])
    #expect(result.status == .success)
    let script = result.output
    for spec in Self.specs {
      #expect(script.contains(spec.name), "\(shell) lacks \(spec.name)")
      for subcommand in spec.subcommands { #expect(script.contains(subcommand)) }
      for option in spec.allOptions {
        // fish names options without dashes (`-l db`); bash and zsh spell them out.
        let spelling = shell == "fish" ? "-l \(option.name)" : option.long
        #expect(script.contains(spelling), "\(shell) lacks \(spec.name) \(option.long)")
        for value in option.allowed { #expect(script.contains(value)) }
      }
    }
  }

  @Test(arguments: [("bash", ["-n"]), ("zsh", ["-n"]), ("fish", ["-n"])])
  func theScriptIsValidForItsShell(shell: String, check: [String]) async throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("panda.\(shell)", await runPanda(["completions", shell]).output)
    guard let result = try runTool(shell, check + [path]) else { return }
    #expect(result.status == 0, "\(result.error)")
  }

  /// What the bash script offers for `words`, the last being the one completed.
  func bashCompletions(_ words: [String]) async throws -> [String] {
    let folder = try TemporaryFolder()
    let path = try folder.write("panda.bash", await runPanda(["completions", "bash"]).output)
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let program = """
      source \(path)
      COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _panda; printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try #require(try runTool("bash", ["-c", program]))
    return result.output.split(separator: "\n").map(String.init)
  }

  @Test func bashOffersEachFormsOptionsAndValues() async throws {
    #expect(try await bashCompletions(["panda", "ca"]) == ["cache"])
    #expect(try await bashCompletions(["panda", "cache", ""]) == ["list", "clear"])
    #expect(
      try await bashCompletions(["panda", "cache", "clear", "--category", ""])
        == HealthCategory.analysed.map(\.rawValue))
    let listOptions = try await bashCompletions(["panda", "--db", "x.sqlite", "cache", "list", "--"])
    #expect(listOptions.contains("--format") && !listOptions.contains("--category"))
    #expect(try await bashCompletions(["panda", "export", "samples", "--format", ""]) == ["csv", "jsonl"])
    #expect(try await bashCompletions(["panda", "-q", "sta"]) == ["status", "stats"])
    #expect(try await bashCompletions(["panda", "config", "set", "un"]) == ["units"])
    #expect(try await bashCompletions(["panda", "config", "set", "units", ""]).isEmpty)
    #expect(try await bashCompletions(["panda", "series", "activity.steps", ""]).isEmpty)
  }

  @Test func zshAndFishOfferEachFormsOptionsAndValues() async throws {
    let folder = try TemporaryFolder()
    let zshScript = try folder.write("_panda", await runPanda(["completions", "zsh"]).output)
    // Outside a completion, compadd and _describe are stand-ins that print what they were given.
    let zshProgram = """
      compdef() { :; }
      _describe() { local name=${@[-1]}; print -r -- ${(j: :)${(@)${(P)name}%%:*}}; }
      compadd() { shift; print -r -- "$*"; }
      source \(zshScript)
      words=(panda cache clear --category ''); CURRENT=5; _panda
      words=(panda --db x.sqlite cache list --); CURRENT=6; _panda
      """
    if let zsh = try runTool("zsh", ["-c", zshProgram]) {
      let lines = zsh.output.split(separator: "\n").map(String.init)
      #expect(lines.first == HealthCategory.analysed.map(\.rawValue).joined(separator: " "))
      #expect(lines.last == "--format --db --timezone --help -h")
    }
    let fishScript = try folder.write("panda.fish", await runPanda(["completions", "fish"]).output)
    let fishProgram = "source \(fishScript); complete -C 'panda export samples --format '"
    if let fish = try runTool("fish", ["-c", fishProgram]) {
      #expect(fish.output.split(separator: "\n").map { $0.split(separator: "\t")[0] } == ["csv", "jsonl"])
    }
  }

  @Test func anUnknownShellIsAUsageError() async {
    let result = await runPanda(["completions", "tcsh"])
    #expect(result.status == .usage)
    #expect(result.error.hasPrefix("panda: SHELL 'tcsh' is not one of bash, zsh or fish\n"))
  }
}

@Suite struct ManPageTests {
  @Test func thePageHasItsSectionsEveryCommandAndEveryOption() async {
    let result = await runPanda(["man"])
    #expect(result.status == .success)
    let page = result.output
    #expect(page.hasPrefix(".TH PANDA 1"))
    for section in [
      "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "GLOBAL OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS",
    ] {
      #expect(page.contains(".SH \(section)\n"), "no \(section)")
    }
    for spec in PandaCommandLine.commands.map({ $0.spec }) {
      #expect(page.contains(".SS \(ManPage.escaped(spec.synopsis))\n"))
      for option in spec.allOptions {
        #expect(page.contains(ManPage.escaped(option.long)), "\(spec.name) \(option.long)")
      }
      for option in spec.allOptions {
        if let variable = option.environment { #expect(page.contains(".B \(variable)\n")) }
      }
    }
    #expect(page.unicodeScalars.allSatisfy { $0.isASCII })
  }

  @Test func thePageRendersWithoutWarnings() async throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("panda.1", await runPanda(["man"]).output)
    if let groff = try runTool("groff", ["-man", "-Tutf8", "-ww", "-P-cbou", path]) {
      #expect(groff.status == 0)
      #expect(groff.error.isEmpty, "\(groff.error)")
      #expect(groff.output.contains("   import PATH..."))
    } else if let nroff = try runTool("nroff", ["-man", path]) {
      #expect(nroff.status == 0)
      #expect(nroff.output.contains("COMMANDS"))
    }
  }
}
