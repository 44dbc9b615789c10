import Testing

@testable import PandaAnalysis
@testable import PandaEvaluation
@testable import PandaTestSupport

/// Over synthetic exports of several seeds, metrics drawn without any trend are almost never
/// called improving or declining, and the planted trends are found.
@Suite struct ClaimSweepTests {
  @Test func fewFalseClaimsAndThePlantedTrendsFoundOverManySeeds() async throws {
    let folder = try TemporaryFolder()
    let sweep = ClaimSweep(days: 125, detail: .sparse, folder: folder.path, provider: HeuristicProvider())
    let tally = try await sweep.tally(seeds: Array(2_000..<2_006))
    // Some sixty assessments of trendless metrics a seed, twelve of planted trends.
    #expect(tally.trendlessAssessments >= 300)
    #expect(tally.plantedAssessments == 72)
    #expect(
      Double(tally.falseClaims.count) <= Double(tally.trendlessAssessments) / 250,
      "false claims: \(tally.falseClaims)")
    #expect(tally.recallWorthMentioning >= 0.95, "missed: \(tally.missed)")
    #expect(tally.plantedWorthMentioning >= 60)
  }
}
