import Testing

@testable import PandaCLI
@testable import PandaCore
@testable import PandaTestSupport

@Suite struct PandaVersionTests {
  @Test func saysTheCommitAndWhetherTheTreeWasModified() {
    #expect(PandaVersion(number: "0.1.0", commit: "9168ce9", isModified: false).description == "0.1.0 (commit 9168ce9)")
    #expect(
      PandaVersion(number: "0.1.0", commit: "9168ce9", isModified: true).description
        == "0.1.0 (commit 9168ce9, modified)")
  }

  @Test func aBuildNotToldItsCommitSaysSo() {
    #expect(PandaVersion(number: "0.2.0", commit: nil, isModified: false).description == "0.2.0 (unknown commit)")
    #expect(PandaVersion.commit("") == nil)
    #expect(PandaVersion.commit("9168ce9") == "9168ce9")
  }

  @Test func versionOptionPrintsTheNumberAndCommit() async {
    let result = await runPanda(["--version"])
    #expect(result.status == .success)
    #expect(result.output == "panda \(PandaVersion.current.description)\n")
    #expect(result.output.hasPrefix("panda \(PandaVersion.current.number) ("))
    #expect(result.error.isEmpty)
  }

  @Test func versionIsInTheHelpCompletionsAndManualPage() async throws {
    let help = await runPanda(["--help"])
    #expect(help.output.contains("--version"))
    #expect(help.output.contains("panda's version (\(PandaVersion.current.number)) and the commit it was built from"))
    for (shell, spelling) in [("bash", " --version"), ("zsh", "'--version:"), ("fish", "-l version -d")] {
      let script = await runPanda(["completions", shell])
      #expect(script.output.contains(spelling), "\(shell)")
    }
    let manual = await runPanda(["man"])
    #expect(manual.output.contains("panda \(PandaVersion.current.number)"))
    #expect(manual.output.contains(OptionSpec.version.help))
  }
}
