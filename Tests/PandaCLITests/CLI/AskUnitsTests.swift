import Foundation
import LoopbackHTTPKit
import Testing

@testable import PandaCLI
@testable import PandaCore
@testable import PandaMCP
@testable import PandaTestSupport

/// Units in `panda ask` claims: a threshold in miles, pounds, fluid ounces, mph, inches or °F is
/// converted into the catalogue's unit for the metric stored in metric units (and the other way),
/// a unit of another quantity is refused, and panda's sentence gives its figures in the person's
/// unit setting. The conversion factors here are the definitions, not panda's table.
@Suite struct AskUnitsTests {
  /// A metric stored in a metric unit and the units a claim may give its threshold in.
  struct Case: Sendable, CustomStringConvertible {
    var metric: String
    var stored: String
    /// The unit `units = imperial` shows, and how many of the stored unit one of it makes.
    var imperial: String
    var factor: Double
    /// A threshold in the imperial unit, and the stored days' values around it.
    var threshold: Double
    var values: [Double]
    /// A unit of another quantity, refused.
    var foreign: String
    var description: String { "\(metric) in \(imperial)" }
  }

  static let cases: [Case] = [
    Case(
      metric: "activity.distance", stored: "km", imperial: "mi", factor: 1.609_344, threshold: 4.4,
      values: [5.9, 6.8, 7.07, 7.2, 9.4, 3.1, 12.0], foreign: "lb"),
    Case(
      metric: "body.bodyMass", stored: "kg", imperial: "lb", factor: 0.453_592_37, threshold: 154,
      values: [69.2, 69.6, 69.9, 70.1, 70.4, 68.8, 71.0], foreign: "mi"),
    Case(
      metric: "nutrition.water", stored: "mL", imperial: "fl oz", factor: 29.573_529_562_5, threshold: 64,
      values: [1_500, 1_850, 1_900, 2_000, 2_400, 900, 1_893], foreign: "kg"),
    Case(
      metric: "mobility.walkingSpeed", stored: "km/h", imperial: "mph", factor: 1.609_344, threshold: 3,
      values: [4.2, 4.6, 4.9, 5.1, 5.3, 4.0, 4.85], foreign: "km"),
    Case(
      metric: "mobility.stepLength", stored: "cm", imperial: "in", factor: 2.54, threshold: 28,
      values: [68, 70, 71, 72.5, 74, 66, 71.2], foreign: "mph"),
    // Wrist temperature is a difference from the usual: °F by its scale alone, and shown in °C.
    Case(
      metric: "body.wristTemperature", stored: "°C", imperial: "°F", factor: 5.0 / 9.0, threshold: 0.45,
      values: [-0.3, 0.1, 0.2, 0.3, 0.4, -0.1, 0.26], foreign: "bpm"),
  ]

  static let first = AskClaims.day("2025-06-01")

  /// The generated data with `values` as whole days of `metric` from 1 June 2025.
  static func data(_ test: Case) throws -> PlantedTrends {
    let data = try PlantedTrends()
    for (offset, value) in test.values.enumerated() {
      try data.database.execute(
        "INSERT OR REPLACE INTO daily_values (metric, day, value) VALUES (?, ?, ?)",
        [.text(test.metric), .text(first.adding(days: offset).iso), .real(value)])
    }
    return data
  }

  /// A folder holding a config file with `units = imperial`.
  static func imperialSettings() async throws -> (folder: TemporaryFolder, environment: [String: String]) {
    let folder = try TemporaryFolder()
    let environment = AskClaims.environment.merging(["XDG_CONFIG_HOME": folder.path]) { _, new in new }
    let set = await runPanda(["config", "set", "units", "imperial"], environment: environment)
    #expect(set.status == .success, "\(set.error)")
    return (folder, environment)
  }

  static func ask(
    _ claim: JSONValue, data: PlantedTrends, environment: [String: String] = AskClaims.environment
  ) async throws -> (status: ExitCode, output: String, error: String) {
    let server = try LoopbackServer { _, _ in AskClaims.answer([claim]) }
    return await runPanda(
      [
        "ask", "How many days?", "--db", data.path, "--as-of", AskClaims.asOf, "--provider", "openai", "--base-url",
        server.baseURL + "/v1", "--model", "scripted", "--timeout", "60",
      ], environment: environment)
  }

  static func count(_ test: Case, value: Double, unit: String) -> JSONValue {
    .object([
      "kind": "count", "metric": .string(test.metric), "op": ">=", "value": .number(value), "unit": .string(unit),
      "from": .string(first.iso), "to": .string(first.adding(days: test.values.count - 1).iso),
    ])
  }

  /// The sentence of a count claim over the case's days, its threshold written as `written`.
  static func sentence(_ test: Case, meeting: Int, written: String) throws -> String {
    let name = try #require(MetricCatalogue.metric(test.metric)).name.lowercased()
    let last = first.adding(days: test.values.count - 1)
    return "\(meeting) of the \(test.values.count) whole days with data \(AskClaims.span(first, last)) had your "
      + "\(name) at least \(written).\n"
  }

  @Test(arguments: cases)
  func anImperialThresholdIsConvertedAndWordedInMetricUnits(_ test: Case) async throws {
    let data = try Self.data(test)
    let line = test.threshold * test.factor
    let result = try await Self.ask(Self.count(test, value: test.threshold, unit: test.imperial), data: data)
    #expect(result.status == .success, "\(result.error)")
    let meeting = test.values.filter { $0 >= line }.count
    #expect(meeting > 0 && meeting < test.values.count, "the threshold splits the days")
    let written = MetricFormatter.string(line, unit: test.stored)
    #expect(result.output == (try Self.sentence(test, meeting: meeting, written: written)))
  }

  @Test(arguments: cases)
  func aMetricThresholdIsWordedInImperialUnitsWhenTheSettingSaysSo(_ test: Case) async throws {
    let data = try Self.data(test)
    let settings = try await Self.imperialSettings()
    let line = test.threshold * test.factor
    let result = try await Self.ask(
      Self.count(test, value: line, unit: test.stored), data: data, environment: settings.environment)
    #expect(result.status == .success, "\(result.error)")
    let meeting = test.values.filter { $0 >= line }.count
    // Wrist temperature stays in °C: its figures are differences, which no setting converts.
    let shownUnit = test.stored == "°C" ? test.stored : test.imperial
    let written = MetricFormatter.string(test.stored == "°C" ? line : test.threshold, unit: shownUnit)
    #expect(result.output == (try Self.sentence(test, meeting: meeting, written: written)))
    #expect(result.output.hasSuffix(" \(shownUnit).\n"))
  }

  @Test(arguments: cases)
  func anImperialThresholdStaysTheSameFigureInImperialUnits(_ test: Case) async throws {
    let data = try Self.data(test)
    let settings = try await Self.imperialSettings()
    let result = try await Self.ask(
      Self.count(test, value: test.threshold, unit: test.imperial), data: data, environment: settings.environment)
    #expect(result.status == .success, "\(result.error)")
    guard test.stored != "°C" else { return }
    let written = MetricFormatter.string(test.threshold, unit: test.imperial)
    #expect(result.output.hasSuffix(" at least \(written).\n"), "\(result.output)")
  }

  @Test(arguments: cases)
  func aUnitOfAnotherQuantityIsRefused(_ test: Case) async throws {
    let data = try Self.data(test)
    let result = try await Self.ask(Self.count(test, value: test.threshold, unit: test.foreign), data: data)
    #expect(result.status == .dataError)
    #expect(result.output.contains("\"\(test.foreign)\" is not a unit of"), "\(result.output)")
    #expect(result.output.contains(test.imperial) && result.output.contains(test.stored))
  }

  /// One of each unit a claim may give, by the names a model writes, with its definition in the
  /// metric's unit.
  static let definitions: [(metric: String, units: [String], inStored: Double)] = [
    ("activity.distance", ["mi", "mile", "miles"], 1.609_344), ("activity.distance", ["m", "metres", "meters"], 0.001),
    ("activity.distance", ["km", "kilometres"], 1), ("body.bodyMass", ["lb", "lbs", "pounds"], 0.453_592_37),
    ("body.bodyMass", ["g", "grams"], 0.001), ("body.bodyMass", ["st", "stone"], 6.350_293_18),
    ("nutrition.water", ["fl oz", "fluid ounces", "floz"], 29.573_529_562_5),
    ("nutrition.water", ["L", "l", "litres", "liters"], 1_000), ("nutrition.water", ["mL", "ml"], 1),
    ("mobility.walkingSpeed", ["mph", "miles per hour"], 1.609_344), ("mobility.walkingSpeed", ["m/s"], 3.6),
    ("mobility.stepLength", ["in", "inches"], 2.54), ("mobility.stepLength", ["ft", "feet"], 30.48),
    ("mobility.stepLength", ["m"], 100), ("mobility.stepLength", ["mm"], 0.1),
    ("body.wristTemperature", ["°F", "fahrenheit", "F"], 5.0 / 9.0), ("body.wristTemperature", ["°C", "celsius"], 1),
    ("activity.activeEnergy", ["kJ", "kilojoules"], 1 / 4.184), ("activity.activeEnergy", ["kcal", "calories"], 1),
    ("sleep.asleep", ["min", "minutes"], 1.0 / 60), ("activity.exerciseMinutes", ["h", "hours"], 60),
  ]

  @Test func everyUnitAClaimMayGiveConvertsByItsDefinition() throws {
    for definition in Self.definitions {
      let metric = try #require(MetricCatalogue.metric(definition.metric))
      for unit in definition.units {
        let converted = try Claim.inCatalogueUnit(10, unit: unit, metric: metric)
        #expect(abs(converted - 10 * definition.inStored) < 1e-9, "\(unit) for \(metric.id)")
      }
    }
    // Every conversion panda knows is among the definitions above.
    for (stored, units) in Claim.conversions {
      for unit in units.map(\.unit) {
        #expect(
          Self.definitions.contains { definition in
            MetricCatalogue.metric(definition.metric)?.unit == stored && definition.units.contains(unit)
          }, "\(unit) for \(stored)")
      }
    }
    // A unit of another quantity, and °F for a metric that is no temperature, are refused.
    for (metric, unit) in [("activity.steps", "km"), ("heart.restingHeartRate", "°F"), ("activity.distance", "kg")] {
      #expect(throws: ToolError.self) {
        try Claim.inCatalogueUnit(1, unit: unit, metric: MetricCatalogue.metric(metric)!)
      }
    }
  }

  @Test func sevenKilometresAreNeverCalledSevenMiles() async throws {
    let test = Self.cases[0]
    let data = try Self.data(test)
    let day = Self.first.adding(days: 2)
    let total = JSONValue.object([
      "kind": "stat", "metric": "distance", "stat": "total", "from": .string(day.iso), "to": .string(day.iso),
    ])
    let metric = try await Self.ask(total, data: data)
    #expect(metric.output.contains(" came to 7.07 km in all "), "\(metric.output)")
    let settings = try await Self.imperialSettings()
    let imperial = try await Self.ask(total, data: data, environment: settings.environment)
    let miles = MetricFormatter.string(7.07 / 1.609_344, unit: "mi")
    #expect(miles == "4.39 mi")
    #expect(imperial.output.contains(" came to \(miles) in all "), "\(imperial.output)")
    // "Did I walk 7.1 miles that day?": panda counts against 7.1 mi, which 7.07 km is not.
    let claim = JSONValue.object([
      "kind": "count", "metric": "distance", "op": ">=", "value": .number(7.1), "unit": "miles",
      "from": .string(day.iso), "to": .string(day.iso),
    ])
    let counted = try await Self.ask(claim, data: data, environment: settings.environment)
    #expect(counted.output.hasPrefix("0 of the 1 whole day with data "), "\(counted.output)")
    #expect(counted.output.hasSuffix(" at least 7.1 mi.\n"))
  }
}
