import Foundation
import Testing

@testable import PandaCLI
@testable import PandaCore
@testable import PandaTestSupport

/// `panda log`, `config`, `budget`, `stats` and `export` run in-process on a real database.
@Suite struct TrackingCommandsTests {
  let folder: TemporaryFolder
  let database: String
  let environment: [String: String]
  let exportPath: String

  init() throws {
    folder = try TemporaryFolder()
    database = folder.file("panda.sqlite")
    environment = ["XDG_CONFIG_HOME": folder.file("config"), "PANDA_TIMEZONE": "America/New_York"]
    var records: [String] = []
    for day in 1...9 {
      let date = "2025-06-0\(day)"
      records.append(
        Records.quantity(
          "StepCount", source: "iPhone", unit: "count", value: Double(1_000 * day), start: "\(date) 09:00:00 -0400",
          end: "\(date) 18:00:00 -0400"))
      records.append(
        Records.quantity(
          "ActiveEnergyBurned", source: "iPhone", unit: "kcal", value: 300, start: "\(date) 09:00:00 -0400",
          end: "\(date) 18:00:00 -0400"))
    }
    records.append(
      Records.quantity(
        "DietaryEnergyConsumed", source: "MyFitnessPal", unit: "kcal", value: 1_200, start: "2025-06-05 12:00:00 -0400",
        end: "2025-06-05 12:00:00 -0400"))
    exportPath = try folder.write("export.xml", exportXML(records.joined(separator: "\n")))
  }

  /// Runs panda on this suite's database (`config` takes no `--db`: settings are not in it).
  func panda(_ arguments: [String]) async -> (status: ExitCode, output: String, error: String) {
    await runPanda(arguments + (arguments.first == "config" ? [] : ["--db", database]), environment: environment)
  }

  func importExport() async throws {
    let result = await panda(["import", exportPath, "--quiet"])
    #expect(result.status == .success, "\(result.error)")
  }

  /// `panda series --format csv`'s rows of date and value (the partial column left off: the
  /// days here are whole, nine hours of steps and energy each).
  func seriesCSV(_ metric: String, from: String = "2025-06-01", to: String = "2025-06-30") async -> [String] {
    await panda(["series", metric, "--from", from, "--to", to, "--format", "csv"]).output
      .split(separator: "\n").dropFirst().map { $0.split(separator: ",").dropLast().joined(separator: ",") }
  }

  @Test func loggedEntriesShowInSeriesOnTheirLocalDay() async throws {
    try await importExport()
    // 23:30 in New York on June 5 is already June 6 in UTC.
    #expect(await panda(["log", "water", "500ml", "--at", "2025-06-05 23:30"]).status == .success)
    #expect(await panda(["log", "weight", "160lb", "--at", "2025-06-05 07:00"]).status == .success)
    #expect(
      await panda(["log", "food", "2700", "kJ", "--at", "2025-06-05 19:00", "--note", "dinner"]).status == .success)
    // Water is a habit: on the later days with steps and no water it counts as 0.
    #expect(
      await seriesCSV("nutrition.water") == [
        "2025-06-05,500", "2025-06-06,0", "2025-06-07,0", "2025-06-08,0", "2025-06-09,0",
      ])
    #expect(await seriesCSV("body.bodyMass") == ["2025-06-05,72.5748"])
    let food = await seriesCSV("nutrition.dietaryEnergy")
    #expect(food == ["2025-06-05,1845.3155"])
  }

  @Test func listDeleteAndUndo() async throws {
    _ = await panda(["log", "water", "0.75 L", "--at", "2025-06-02 08:00"])
    _ = await panda(["log", "mindful", "15min", "--at", "2025-06-02 07:00"])
    let listed = await panda(["log", "list", "--format", "json"])
    let entries = try #require(JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
    #expect(entries.map { $0["type"] as? String } == ["mindful", "water"])
    #expect(entries.last?["value"] as? Double == 750)
    #expect(entries.last?["unit"] as? String == "mL")
    #expect(entries.last?["at"] as? String == "2025-06-02T08:00:00-04:00")
    let id = try #require(entries.last?["id"] as? Int)

    #expect(await panda(["log", "delete", String(id)]).status == .success)
    #expect(await seriesCSV("nutrition.water").isEmpty)
    #expect(await panda(["log", "undo"]).output.hasPrefix("Undid delete"))
    #expect(await seriesCSV("nutrition.water") == ["2025-06-02,750"])
    #expect(await panda(["log", "list", "--type", "water"]).output.contains("#\(id)  2025-06-02 08:00  water  750 mL"))
  }

  @Test(arguments: [
    ["log", "weight", "5000kg"], ["log", "water", "40 L"], ["log", "beer", "1"], ["log", "water", "-500ml"],
    ["log", "water", "lots"], ["log", "water", "500ml", "--at", "2999-01-01"], ["log", "water"],
    ["log", "delete", "99"], ["log", "edit", "99", "1L"],
  ])
  func badEntriesExit64AndChangeNothing(arguments: [String]) async throws {
    _ = await panda(["log", "water", "500ml", "--at", "2025-06-02 08:00"])
    let before = try contents(ofDatabaseAt: database)
    let result = await panda(arguments)
    #expect(result.status == .usage)
    #expect(result.error.hasPrefix("panda: "))
    #expect(try contents(ofDatabaseAt: database) == before)
  }

  @Test func entriesSurviveImportingAnExport() async throws {
    _ = await panda(["log", "food", "650kcal", "--at", "2025-06-05 19:00"])
    try await importExport()
    try await importExport()
    #expect(await seriesCSV("nutrition.dietaryEnergy") == ["2025-06-05,1850"])
    #expect(await panda(["log", "list"]).output.split(separator: "\n").count == 1)
  }

  @Test func aMistypedSettingIsRefusedWithASuggestion() async throws {
    let result = await panda(["config", "set", "budget.calroies", "2000"])
    #expect(result.status == .usage)
    #expect(result.error.contains("did you mean budget.calories?"))
    #expect(await panda(["config", "set", "budget.calories", "lots"]).status == .usage)
    #expect(await panda(["config", "set", "budget.calories", "2000"]).status == .success)
    #expect(await panda(["config", "get", "budget.calories"]).output == "2000\n")
    _ = await panda(["config", "set", "api_key", "sk-very-secret"])
    #expect(await panda(["config", "get", "api_key"]).output == "(set, hidden)\n")
    let listed = await panda(["config", "list", "--format", "json"])
    #expect(!listed.output.contains("sk-very-secret"))
    #expect(listed.output.contains("\"budget.calories\""))
    #expect(await panda(["config", "unset", "budget.calories"]).status == .success)
    #expect(await panda(["config", "get", "budget.calories"]).status == .failure)
  }

  @Test func budgetComputesRemainingFromTheConfiguredBudget() async throws {
    try await importExport()
    #expect(await panda(["budget", "--date", "2025-06-05"]).status == .configuration)
    _ = await panda(["config", "set", "budget.calories", "2000"])
    _ = await panda(["log", "food", "500kcal", "--at", "2025-06-05 19:00"])
    let day = await panda(["budget", "--date", "2025-06-05", "--format", "json"])
    let json = try #require(JSONSerialization.jsonObject(with: Data(day.output.utf8)) as? [String: Any])
    #expect(json["budget"] as? Double == 2_000)
    #expect(json["eaten"] as? Double == 1_700)
    #expect(json["remaining"] as? Double == 300)
    _ = await panda(["config", "set", "budget.exercise", "add"])
    let added = await panda(["budget", "--date", "2025-06-05", "--format", "json"])
    let addedJSON = try #require(JSONSerialization.jsonObject(with: Data(added.output.utf8)) as? [String: Any])
    #expect(addedJSON["remaining"] as? Double == 600)
    let week = await panda(["budget", "--date", "2025-06-07", "--week"])
    #expect(week.output.contains("0 days over the budget, 1 within it, 6 without food recorded."))
  }

  @Test func aWeeksTotalsLeaveOutDaysWithoutFood() async throws {
    try await importExport()
    _ = await panda(["config", "set", "budget.calories", "2000"])
    let week = await panda(["budget", "--date", "2025-06-07", "--week"])
    // Only June 5 has food (1,200 kcal): six unlogged days are not 12,000 kcal left unspent.
    #expect(week.output.contains("  total (days with food)  2,000 kcal  1,200 kcal    800 kcal\n"))
    #expect(week.output.contains("  2025-06-04              2,000 kcal           —           —\n"))
    let json = await panda(["budget", "--date", "2025-06-07", "--week", "--format", "json"])
    let object = try #require(JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect(object["budget"] as? Double == 2_000)
    #expect(object["eaten"] as? Double == 1_200)
    #expect(object["remaining"] as? Double == 800)
    #expect(object["daysWithFood"] as? Int == 1)
    #expect(object["daysWithoutFood"] as? Int == 6)
    #expect((object["days"] as? [Any])?.count == 7)
  }

  @Test func statsEndYesterdayUnlessTodayIsNamed() async throws {
    let today = LocalDay.day(
      of: Int64(Date().timeIntervalSince1970), in: try #require(TimeZone(identifier: "America/New_York")))
    _ = await panda(["log", "water", "800ml", "--at", "yesterday 12:00"])
    _ = await panda(["log", "water", "300ml", "--at", "today 00:00"])
    func summary(_ extra: [String]) async throws -> [String: Any] {
      let stats = await panda(["stats", "nutrition.water", "--format", "json"] + extra)
      let json = try #require(JSONSerialization.jsonObject(with: Data(stats.output.utf8)) as? [String: Any])
      return try #require(json["summary"] as? [String: Any])
    }
    let byDefault = try await summary([])
    #expect(byDefault["to"] as? String == today.adding(days: -1).iso)
    #expect(byDefault["from"] as? String == today.adding(days: -30).iso)
    #expect(byDefault["total"] as? Double == 800)
    #expect(try await summary(["--to", today.iso])["total"] as? Double == 1_100)
    #expect(await panda(["stats", "--help"]).output.contains("up to yesterday"))
  }

  @Test(arguments: [["log", "undo"], ["log", "list"], ["log", "delete", "1"], ["log", "edit", "1", "1L"]])
  func changingOrListingEntriesWithoutADatabaseCreatesNone(arguments: [String]) async throws {
    let result = await panda(arguments)
    #expect(result.status == .noInput)
    #expect(result.error.contains("no database at \(database)"))
    #expect(!FileManager.default.fileExists(atPath: database))
  }

  @Test func anInvalidSecretIsRefusedWithoutRepeatingIt() async throws {
    let result = await panda(["config", "set", "api_key", "sk-live-12345 # mine"])
    #expect(result.status == .usage)
    #expect(result.error.contains("api_key cannot be the value given (not shown)"))
    #expect(!result.error.contains("sk-live"))
    #expect(!result.output.contains("sk-live"))
  }

  @Test func statsTotalsEqualTheSumOfSeries() async throws {
    try await importExport()
    let series = await seriesCSV("activity.steps", from: "2025-06-01", to: "2025-06-09")
    let sum = series.compactMap { $0.split(separator: ",").last.flatMap { Double($0) } }.reduce(0, +)
    let stats = await panda([
      "stats", "activity.steps", "--from", "2025-06-01", "--to", "2025-06-09", "--format", "json",
    ])
    let json = try #require(JSONSerialization.jsonObject(with: Data(stats.output.utf8)) as? [String: Any])
    let summary = try #require(json["summary"] as? [String: Any])
    #expect(summary["total"] as? Double == sum)
    #expect(sum == 45_000)
    #expect(summary["days"] as? Int == 9)
    let weekly = await panda([
      "stats", "activity.steps", "--from", "2025-06-01", "--to", "2025-06-09", "--by", "week", "--format", "csv",
    ])
    #expect(
      weekly.output == """
        period,from,to,days,total,mean,min,max,partialDaysLeftOut
        2025-05-26,2025-06-01,2025-06-01,1,1000,1000,1000,1000,0
        2025-06-02,2025-06-02,2025-06-08,7,35000,5000,2000,8000,0
        2025-06-09,2025-06-09,2025-06-09,1,9000,9000,9000,9000,0

        """)
  }

  @Test func exportDailyAgreesWithSeries() async throws {
    try await importExport()
    let export = await panda([
      "export", "daily", "--metric", "activity.steps", "--metric", "activity.activeEnergy", "--from", "2025-06-01",
      "--to", "2025-06-30",
    ])
    let rows = export.output.split(separator: "\n").map(String.init)
    #expect(rows.first == "date,activity.steps,activity.activeEnergy,partial")
    let repeated = await panda([
      "export", "daily", "--metric", "activity.steps", "--metric", "activity.activeEnergy", "--metric",
      "activity.steps", "--from", "2025-06-01", "--to", "2025-06-30",
    ])
    #expect(repeated.status == .success)
    #expect(repeated.output == export.output)
    let steps = await seriesCSV("activity.steps")
    let energy = await seriesCSV("activity.activeEnergy")
    #expect(steps.count == 9)
    for (row, (step, kcal)) in zip(rows.dropFirst(), zip(steps, energy)) {
      #expect(row == step + "," + (kcal.split(separator: ",").last.map(String.init) ?? "") + ",")
    }
  }

  @Test func exportSamplesHoldsEveryImportedSample() async throws {
    try await importExport()
    _ = await panda(["log", "water", "500ml", "--at", "2025-06-02 08:00"])
    let csv = await panda(["export", "samples"])
    #expect(csv.status == .success)
    #expect(csv.output.split(separator: "\n").count == 1 + 19 + 1)
    #expect(csv.output.contains("HKQuantityTypeIdentifierDietaryWater,panda,,2025-06-02T12:00:00Z,"))
    let steps = await panda(["export", "samples", "--type", "StepCount", "--format", "jsonl"])
    #expect(steps.output.split(separator: "\n").count == 9)
    #expect(await panda(["export", "samples", "--type", "Nonsense"]).status == .usage)
  }

  @Test func imperialUnitsShowInTextWhileJSONKeepsTheCataloguesUnits() async throws {
    try await importExport()
    _ = await panda(["config", "set", "units", "imperial"])
    #expect(await panda(["log", "weight", "160", "--at", "2025-06-05 07:00"]).output.hasSuffix("weight  160 lb\n"))
    _ = await panda(["log", "water", "0.5 L", "--at", "2025-06-05 08:00"])
    #expect(await panda(["log", "list", "--type", "water"]).output.contains("water  16.91 fl oz"))
    let series = await panda(["series", "body.bodyMass", "--from", "2025-06-01", "--to", "2025-06-09"])
    #expect(series.output.contains("  2025-06-05  160 lb\n"))
    #expect(await seriesCSV("body.bodyMass") == ["2025-06-05,72.5748"])
    let stats = await panda(["stats", "nutrition.water", "--from", "2025-06-05", "--to", "2025-06-05"])
    #expect(stats.output.contains("total 16.9 fl oz, mean 16.9 fl oz"))
    let json = await panda([
      "stats", "nutrition.water", "--from", "2025-06-05", "--to", "2025-06-05", "--format", "json",
    ])
    #expect(json.output.contains("\"total\" : 500"))
    #expect(json.output.contains("\"unit\" : \"mL\""))
    #expect(await panda(["metrics", "--date", "2025-06-05"]).output.contains("160 lb"))
    let list = await panda(["log", "list", "--type", "weight", "--format", "json"])
    #expect(list.output.contains("\"unit\" : \"kg\""))
  }

  @Test func goalsShowInInsightsWhereSet() async throws {
    try await importExport()
    let arguments = ["insights", "--as-of", "2025-06-10", "--category", "activity", "--period", "weekly"]
    #expect(await !panda(arguments).output.contains("goal"))
    _ = await panda(["config", "set", "goal.steps", "5000"])
    _ = await panda(["config", "set", "goal.sleep", "8"])
    let output = await panda(arguments).output
    // June 3 to 9 have 3,000 to 9,000 steps.
    #expect(output.contains("  ◎ Steps: goal 5,000 steps a day, reached on 5 of the last 7 days (mean 6,000 steps).\n"))
    #expect(!output.contains("Time asleep"))
    let daily = await panda(["insights", "--as-of", "2025-06-10", "--category", "activity", "--period", "daily"])
    #expect(daily.output.contains("    ◎ Goal 5,000 steps a day, reached (9,000 steps).\n"))
    let json = await panda(arguments + ["--format", "json"])
    let report = try #require(JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let insight = try #require((report["insights"] as? [[String: Any]])?.first)
    let goal = try #require((insight["goals"] as? [[String: Any]])?.first)
    #expect(goal["goal"] as? String == "goal.steps")
    #expect(goal["target"] as? Double == 5_000)
    #expect(goal["daysMet"] as? Int == 5)
    #expect(goal["days"] as? Int == 7)
    #expect(goal["from"] as? String == "2025-06-03")
    let markdown = await panda(arguments + ["--format", "markdown"])
    #expect(markdown.output.contains("**Goals**\n\n- Steps: goal 5,000 steps a day, reached on 5 of the last 7 days"))
  }

}

@Suite struct LogTypeSuggestionTests {
  @Test func aMistypedTypeIsAnsweredWithTheNearestOneAndNothingIsWritten() async throws {
    let folder = try TemporaryFolder()
    let db = folder.file("panda.sqlite")
    let typo = await runPanda(["log", "watr", "500ml", "--db", db])
    #expect(typo.status == .usage)
    #expect(typo.error.hasPrefix("panda: unknown type 'watr'; did you mean water? Types: water, food, weight"))
    let unknown = await runPanda(["log", "xyzzy", "500ml", "--db", db])
    #expect(unknown.error.hasPrefix("panda: unknown type 'xyzzy': log one of water, food, weight"))
    #expect(!FileManager.default.fileExists(atPath: db))
  }
}
