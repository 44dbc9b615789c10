import Testing

@testable import PandaStore
@testable import PandaTestSupport

/// Reading result columns by the name the SELECT gives them, copied (`Row`) and in place
/// (`ColumnReader`).
@Suite struct StatementTests {
  let folder: TemporaryFolder
  let database: Database

  init() throws {
    folder = try TemporaryFolder()
    database = try Database(path: folder.file("statement.sqlite"))
    try database.execute(
      """
      CREATE TABLE readings (day TEXT NOT NULL, value REAL, count INTEGER, note TEXT);
      INSERT INTO readings VALUES ('2024-03-01', 1.5, 3, 'first'), ('2024-03-02', NULL, 7, NULL);
      """)
  }

  @Test func aColumnIsFoundByNameWhateverItsPlaceInTheSelect() throws {
    for sql in [
      "SELECT day, value, count, note FROM readings ORDER BY day",
      "SELECT note, count, value, day FROM readings ORDER BY day",
      "SELECT * FROM readings ORDER BY day",
    ] {
      let row = try #require(try database.firstRow(sql), "\(sql)")
      #expect(row.text("day") == "2024-03-01", "\(sql)")
      #expect(row.real("value") == 1.5, "\(sql)")
      #expect(row.integer("count") == 3, "\(sql)")
      #expect(row.text("note") == "first", "\(sql)")
    }
  }

  @Test func aNullColumnReadsAsNil() throws {
    let row = try #require(try database.firstRow("SELECT value, note, count FROM readings WHERE day = '2024-03-02'"))
    #expect(row.real("value") == nil)
    #expect(row.integer("value") == nil)
    #expect(row.text("note") == nil)
    #expect(row.integer("count") == 7)
  }

  @Test func anAliasNamesAnExpression() throws {
    let row = try #require(
      try database.firstRow(
        "SELECT MAX(day) AS last, COUNT(*) AS days, MIN(day) AS first, SUM(count) AS total FROM readings"))
    #expect(row.text("first") == "2024-03-01")
    #expect(row.text("last") == "2024-03-02")
    #expect(row.integer("days") == 2)
    #expect(row.integer("total") == 10)
  }

  @Test func anAliasTellsApartTwoColumnsOfTheSameName() throws {
    let row = try #require(
      try database.firstRow(
        """
        SELECT a.day AS earlier, b.day AS later FROM readings a JOIN readings b ON b.day > a.day
        """))
    #expect(row.text("earlier") == "2024-03-01")
    #expect(row.text("later") == "2024-03-02")
  }

  @Test func everyRowIsReadByName() throws {
    let rows = try database.rows("SELECT count, day FROM readings ORDER BY day")
    #expect(rows.map { $0.text("day") } == ["2024-03-01", "2024-03-02"])
    #expect(rows.map { $0.integer("count") } == [3, 7])
  }

  @Test func aScanReadsEachRowInPlaceThroughColumnsFoundByName() throws {
    let statement = try database.cachedStatement("SELECT note, value, count, day FROM readings ORDER BY day")
    let day = statement.column("day")
    let value = statement.column("value")
    let count = statement.column("count")
    let note = statement.column("note")
    #expect([day.index, value.index, count.index, note.index] == [3, 1, 2, 0])
    var read: [String] = []
    try statement.forEachRow { row in
      let reading = row.isNull(value) ? "none" : "\(row.real(value))"
      read.append("\(row.text(day) ?? "?") \(reading) \(row.integer(count)) \(row.text(note) ?? "nil")")
    }
    #expect(read == ["2024-03-01 1.5 3 first", "2024-03-02 none 7 nil"])
  }

  @Test func aStatementKnowsItsColumnNamesBeforeItRuns() throws {
    let statement = try database.cachedStatement("SELECT day, count * 2 AS doubled, note FROM readings")
    #expect(statement.columns.names == ["day", "doubled", "note"])
    #expect(try database.cachedStatement("DELETE FROM readings WHERE day = ?").columns.names.isEmpty)
  }

  @Test func readingAColumnTheSelectDoesNotNameStopsTheProgramNamingColumnAndSQL() async throws {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let folder = try TemporaryFolder()
      let database = try Database(path: folder.file("statement.sqlite"))
      _ = try database.firstRow("SELECT 1 AS one")?.integer("two")
    }
    let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
    #expect(message.contains(#"no column "two" in the result of SELECT 1 AS one"#))
  }

  @Test func readingANameTwoColumnsShareStopsTheProgram() async throws {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let folder = try TemporaryFolder()
      let database = try Database(path: folder.file("statement.sqlite"))
      _ = try database.firstRow("SELECT 1 AS one, 2 AS one")?.integer("one")
    }
    let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
    #expect(message.contains(#"more than one column is called "one""#))
  }
}
