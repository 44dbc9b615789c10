import Foundation
import Testing

@testable import PandaCore
@testable import PandaImport
@testable import PandaStore
@testable import PandaTestSupport

/// Workouts are daily data: count, minutes, distance and energy per local day, by activity type.
@Suite struct WorkoutDaysTests {
  let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder()
  }

  func imported(zone: String) throws -> (Database, String) {
    let path = folder.file("panda-\(zone.replacingOccurrences(of: "/", with: "-")).sqlite")
    let database = try Database.openPanda(at: path)
    _ = try ExportImporter(database: database, context: DailyContext(zone: TimeZone(identifier: zone)!))
      .importExport(at: Fixtures.path("workouts.xml"))
    return (database, path)
  }

  func value(_ database: Database, _ metric: String, _ day: String) throws -> Double? {
    try database.real("SELECT value FROM daily_values WHERE metric = ? AND day = ?", [.text(metric), .text(day)])
  }

  @Test func aWalkRecordedByTheWatchAndAnAppCountsOnceWithItsStatistics() throws {
    let (database, _) = try imported(zone: "UTC")
    // The watch's walk has no totals, only statistics; Strava recorded the same walk.
    #expect(try value(database, "activity.workouts", "2024-05-01") == 1)
    #expect(try value(database, "activity.workoutMinutes", "2024-05-01") == 52)
    #expect(try value(database, "activity.workoutDistance", "2024-05-01") == 5.2)
    #expect(try value(database, "activity.workoutEnergy", "2024-05-01") == 210)
    // A run in miles and strength training without distance on one day.
    #expect(try value(database, "activity.workouts", "2024-05-02") == 2)
    #expect(try value(database, "activity.workoutMinutes", "2024-05-02") == 75)
    #expect(abs(try #require(try value(database, "activity.workoutDistance", "2024-05-02")) - 4.989) < 0.001)
    // A day the phone counted steps and nobody worked out is a day without a workout.
    #expect(try value(database, "activity.workouts", "2024-05-03") == 0)
    let types = try database.rows(
      "SELECT day, activity_type, workouts, minutes FROM daily_workouts ORDER BY day, activity_type"
    )
    .map { row in
      let type = WorkoutActivity.name(row.text("activity_type") ?? "")
      return "\(row.text("day") ?? "") \(type) \(row.integer("workouts") ?? 0) \(row.real("minutes") ?? 0)"
    }
    #expect(
      types == [
        "2024-05-01 walking 1 52.0", "2024-05-02 running 1 30.0", "2024-05-02 traditional strength training 1 45.0",
      ])
  }

  @Test func aWorkoutBelongsToTheLocalDayItStartsOn() throws {
    // 23:30 UTC is 01:30 the next day in Berlin.
    let (database, _) = try imported(zone: "Europe/Berlin")
    #expect(try value(database, "activity.workouts", "2024-05-02") == 1)
    #expect(try value(database, "activity.workouts", "2024-05-03") == 1)
    #expect(try value(database, "activity.workoutMinutes", "2024-05-03") == 45)
  }

  @Test func statusSeriesAndMetricsShowWorkouts() async throws {
    let (_, path) = try imported(zone: "UTC")
    let status = await runPanda(["status", "--db", path, "--timezone", "UTC"])
    #expect(status.output.contains("Workouts: 4"))
    #expect(status.output.contains("walking"))
    #expect(status.output.contains("traditional strength training"))
    let series = await runPanda(
      [
        "series", "activity.workoutMinutes", "--from", "2024-05-01", "--to", "2024-05-03", "--db", path, "--timezone",
        "UTC",
      ])
    #expect(series.output.contains("2024-05-02  75 min"))
    let metrics = await runPanda(["metrics", "--date", "2024-05-01", "--db", path, "--timezone", "UTC"])
    #expect(metrics.output.contains("Workouts"))
    #expect(metrics.output.contains("walking, 1 workout, 52 min, 5.2 km"))
  }

  @Test func aDayWithOnlyAWalkIsNotNothingRecorded() async throws {
    let walk =
      "<Workout workoutActivityType=\"HKWorkoutActivityTypeWalking\" duration=\"62\" durationUnit=\"min\" totalDistance=\"5.2\" totalDistanceUnit=\"km\" sourceName=\"Strava\" startDate=\"2024-05-01 18:00:00 +0000\" endDate=\"2024-05-01 19:02:00 +0000\"/>"
    let export = try folder.write("walk.xml", exportXML(walk))
    let path = folder.file("walk.sqlite")
    _ = await runPanda(["import", export, "--db", path, "--timezone", "UTC", "--quiet"])
    let metrics = await runPanda(["metrics", "--date", "2024-05-01", "--db", path, "--timezone", "UTC"])
    #expect(!metrics.output.contains("Nothing recorded"))
    #expect(metrics.output.contains("walking, 1 workout, 1 h 2 min, 5.2 km"))
    let insights = await runPanda(
      [
        "insights", "--category", "activity", "--period", "daily", "--as-of", "2024-05-02", "--db", path, "--timezone",
        "UTC",
      ])
    #expect(!insights.output.contains("No activity data"))
    #expect(insights.output.contains("Workouts: 1 workout yesterday"))
  }

  @Test func overlappingWorkoutsAreOneSessionFromThePreferredSource() {
    let watch = WorkoutDays.Entry(
      activityType: "HKWorkoutActivityTypeRunning", start: 0, end: 1_800, minutes: 30, distance: 5, energy: 300, rank: 0
    )
    var app = watch
    app.start = 60
    app.end = 1_900
    app.rank = 3
    app.distance = 5.3
    // A second run later that day is another session.
    var later = watch
    later.start = 7_200
    later.end = 9_000
    #expect(WorkoutDays.sessions([app, watch, later]) == [watch, later])
    let totals = WorkoutDays.totals([app, watch, later], zone: TimeZone(identifier: "UTC")!)
    #expect(totals.map(\.workouts) == [2])
    #expect(totals.map(\.distance) == [10])
  }
}
