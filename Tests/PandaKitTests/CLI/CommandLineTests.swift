import Foundation
import Testing

@testable import PandaKit

@Suite struct CommandLineTests {
  @Test func globalOptionsBeforeTheCommandAreAccepted() async throws {
    let folder = try TemporaryFolder()
    let database = folder.file("panda.sqlite")
    let imported = await runPanda(["--db", database, "-q", "import", Fixtures.path("ios16-quirks.xml")])
    #expect(imported.status == .success)
    #expect(imported.output.isEmpty)
    let status = await runPanda(["--db=\(database)", "status"])
    #expect(status.status == .success)
    #expect(status.output.contains("ios16-quirks.xml: 12 records, 10 new"))
  }

  @Test func globalOptionsAfterTheCommandStillWork() async throws {
    let folder = try TemporaryFolder()
    let database = folder.file("panda.sqlite")
    #expect(await runPanda(["import", Fixtures.path("ios16-quirks.xml"), "-q", "--db", database]).status == .success)
    #expect(await runPanda(["status", "--db", database]).output.contains("10 new"))
  }

  @Test func helpCommandPrintsTheCommandsOwnHelp() async {
    let viaHelp = await runPanda(["help", "import"])
    let viaFlag = await runPanda(["import", "--help"])
    #expect(viaHelp.status == .success)
    #expect(viaHelp.output == viaFlag.output)
    #expect(viaHelp.output.hasPrefix("usage: panda import"))
  }

  @Test func generateIntoAMissingFolderExitsCannotCreate() async {
    let result = await runPanda(["generate", "/nonexistent/panda-test/x.xml", "--days", "1"])
    #expect(result.status == .cannotCreate)
  }
}
