import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaCLI
@testable import PandaCore
@testable import PandaReport
@testable import PandaServices
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

/// One story per card: on a generated export with a planted illness, during its early warning
/// every card of the warning's signals opens with the warning's figures, marks the signals as in
/// warning and says nothing else about them, in text, Markdown and JSON; a card whose days a
/// warning does not reach is left as the provider wrote it; a model's contradicting words are
/// not shown either.
@Suite struct WarningStoryCardTests {
  static let lastDay = CalendarDay(ordinal: Int(SyntheticExport.defaultLastDay))
  static let asOf = lastDay.adding(days: 1)
  static let zone = "Europe/Paris"

  /// Words that say a signal is fine or not clearly changed: none may be said of a signal
  /// during its warning.
  static let contradictions = [
    "not a clear change", "vary a lot", "steady is good", "in line with", "coming down", "improving", "stable",
    "no clear change", "close to",
  ]

  /// A generated export whose person falls ill two days before its last day, imported into a
  /// database in `folder`; the early warnings panda finds as of the day after the last.
  static func ill(in folder: TemporaryFolder) async throws -> (path: String, warning: HealthAlert) {
    var export = SyntheticExport(days: 150, seed: 3, detail: .sparse)
    export.illnesses = [PlantedIllness(onset: lastDay.adding(days: -2), rise: 9, leadDays: 4, plateauDays: 6)]
    let xml = folder.file("export.xml")
    try export.writeXML(to: xml)
    let path = folder.file("panda.sqlite")
    let imported = await runPanda(["import", xml, "-q", "--db", path, "--timezone", zone])
    #expect(imported.status == .success, "\(imported.error)")
    let database = try DatabaseLocation.openForReading(
      path, context: DailyContext(zone: try #require(TimeZone(identifier: zone))))
    let snapshot = try HealthFetcher(database: database).loadAll(asOf: asOf)
    let scan = ReportFindings.find(in: snapshot, asOf: asOf).alerts
    let warning = try #require(scan.alerts.first { $0.isActive }, "the planted illness warns")
    return (path, warning)
  }

  /// The lower-case names a line may call `metric` by.
  static func names(_ metric: String) -> [String] {
    let name = MetricCatalogue.metric(metric)?.name.lowercased() ?? metric
    return [name.components(separatedBy: " (").first ?? name] + (metric == "heart.hrv" ? ["hrv"] : [])
  }

  /// Whether `line` gives `signal`'s figures, with "your usual" or without.
  static func gives(_ line: String, _ signal: HealthAlert.Signal) -> Bool {
    line.contains(AlertPhrases.figure(signal, first: true)) || line.contains(AlertPhrases.figure(signal, first: false))
  }

  @Test func duringAPlantedIllnessEveryCardOfItsSignalsTellsTheWarning() async throws {
    let folder = try TemporaryFolder()
    let (path, warning) = try await Self.ill(in: folder)
    // The cards of the category of the warning's first signal.
    let signal = try #require(warning.signals.first)
    let entry = try #require(MetricCatalogue.metric(signal.metric))
    let title = entry.category.displayName.capitalizedFirst
    let figure = AlertPhrases.figure(signal, first: true)
    let signals = warning.signals.map(\.metric)
    let common = ["--db", path, "--as-of", Self.asOf.iso, "--timezone", Self.zone]

    // Text, every card: the headline gives the warning's figures, each line that names a
    // signal is its row (marked as in warning) or gives the warning's figures, and nothing in
    // the card says a signal is fine.
    let detail = await runPanda(["insights", "--detail"] + common)
    #expect(detail.status == .success, "\(detail.error)")
    let cards = detail.output.components(separatedBy: "\n\(title) · ").dropFirst().map {
      $0.components(separatedBy: "\n\n")[0]
    }
    #expect(cards.count == 3)
    for card in cards {
      let lines = card.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      let summary = try #require(lines.dropFirst().first { !$0.hasPrefix("Written by") && !$0.hasPrefix("†") })
      #expect(summary.contains("early warning since \(warning.start.iso)"), "\(card)")
      #expect(summary.contains(figure), "\(card)")
      #expect(card.components(separatedBy: figure).count == 2, "the figures are said once: \(card)")
      for line in lines.dropFirst() {
        let lowered = line.lowercased()
        for metric in signals where Self.names(metric).contains(where: lowered.contains) {
          let isRow = line.hasPrefix("! ") && line.hasSuffix(WarningStory.chip)
          let givesFigures = warning.signals.contains { Self.gives(line, $0) }
          #expect(isRow || givesFigures, "\(metric): \(line)")
          if !isRow {
            for word in Self.contradictions { #expect(!lowered.contains(word), "\(line)") }
          }
        }
        #expect(!lowered.contains("steady is good"), "\(line)")
      }
    }

    // The short report's line of the category.
    let short = await runPanda(["insights"] + common)
    let line = try #require(short.output.split(separator: "\n").first { $0.hasPrefix("  \(title) ") })
    #expect(line.contains(String(figure.dropFirst())), "\(line)")

    // Markdown: the headline with the figures, said once, and the row's mark; nothing going well on a
    // signal.
    let markdown = await runPanda(["insights", "--format", "markdown"] + common)
    let sections = markdown.output.components(separatedBy: "\n## \(title), ").dropFirst().map {
      $0.components(separatedBy: "\n## ")[0]
    }
    #expect(sections.count == 3)
    for section in sections {
      #expect(section.contains("early warning since \(warning.start.iso)"), "\(section)")
      #expect(section.contains("| \(entry.name) |") && section.contains("| \(WarningStory.chip) |"), "\(section)")
      #expect(section.components(separatedBy: figure).count == 2, "\(section)")
      #expect(!section.contains("Part of the warning above"), "\(section)")
      let well = section.components(separatedBy: "**Going well**").dropFirst().first ?? ""
      let kept = well.components(separatedBy: "**To improve**")[0].lowercased()
      for metric in signals { #expect(!Self.names(metric).contains(where: kept.contains), "\(section)") }
    }

    // The HTML report: each card of the category opens with the headline and marks the signal.
    let page = await runPanda(["report"] + common)
    #expect(page.status == .success, "\(page.error)")
    for period in InsightPeriod.allCases {
      let id = Highlight.detail(entry.category, period)
      let card = try #require(page.output.components(separatedBy: "<article class=\"insight\" id=\"\(id)\">").last)
        .components(separatedBy: "</article>")[0]
      #expect(card.contains(HTML.escape("In an early warning since \(warning.start.iso)")), "\(card)")
      #expect(card.contains(HTML.escape(figure)), "\(card)")
      #expect(card.contains("aria-label=\"\(WarningStory.chip)\""), "\(card)")
      #expect(!card.contains("Steady is good"))
    }

    // JSON: each insight with a signal carries the warning as a typed field; its summary and
    // the signals' messages give the warning's figures; nothing going well names a signal.
    let json = await runPanda(["insights", "--format", "json"] + common)
    let document = try #require(JSONValue.parse(json.output))
    var told = 0
    for insight in try #require(document["insights"]?.arrayValue) {
      let metrics = insight["metrics"]?.arrayValue ?? []
      let named = metrics.compactMap { $0["metric"]?.stringValue }.filter(signals.contains)
      guard !named.isEmpty else {
        #expect(insight["duringWarning"] == nil)
        continue
      }
      told += 1
      let card = try #require(insight["duringWarning"])
      #expect(card["start"]?.stringValue == warning.start.iso)
      #expect(card["active"] == .bool(true))
      #expect(card["level"]?.stringValue == warning.level.rawValue)
      #expect(Set(card["metrics"]?.arrayValue?.compactMap(\.stringValue) ?? []) == Set(named))
      let summary = try #require(insight["summary"]?.stringValue)
      for metric in named {
        let planted = try #require(warning.signals.first { $0.metric == metric })
        #expect(Self.gives(summary, planted), "\(summary)")
        let message = metrics.first { $0["metric"]?.stringValue == metric }?["message"]?.stringValue ?? ""
        #expect(message.contains(AlertPhrases.figure(planted, first: true)), "\(message)")
      }
      for line in insight["encouragement"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
        for metric in named { #expect(!Self.names(metric).contains(where: line.lowercased().contains), "\(line)") }
      }
    }
    #expect(told >= 3)
  }

  /// A generated person whose illness-like episode ended `endedDaysAgo` days before the last
  /// day, and the report of their insights as of the day after.
  static func report(endedDaysAgo: Int) -> (report: InsightsReport, plain: [InsightOutcome], scan: AlertScan) {
    let asOf = CalendarDay(iso: "2025-07-01")!
    let lastDay = asOf.adding(days: -1)
    let days = SyntheticDays(
      days: 200, seed: 7, lastDay: lastDay,
      episodes: [PlantedEpisode(start: lastDay.adding(days: -endedDaysAgo - 3), days: 4, strength: 1.5)],
      missingNights: 0)
    let snapshot = HealthSnapshot(asOf: asOf, window: DayRange(days.firstDay...asOf), series: days.series())
    let findings = ReportFindings.find(in: snapshot, asOf: asOf)
    let trends = ReportTrends.of(snapshot)
    let outcomes = InsightPeriod.allCases.map { period in
      let request = InsightRequest.request(from: snapshot, category: .heart, period: period, report: trends)
      return InsightOutcome(
        job: InsightJob(category: .heart, period: period), insight: HeuristicProvider().write(request),
        source: .fresh, generatedAt: 0, generatedDay: asOf)
    }
    let report = InsightsReport(
      asOf: asOf, provider: "heuristic", outcomes: outcomes, alerts: findings.alertHighlights,
      warnings: findings.alerts.alerts)
    return (report, outcomes, findings.alerts)
  }

  @Test func aWarningThatEndedIsToldOnlyByTheCardsWhoseDaysItReaches() throws {
    let (report, plain, scan) = Self.report(endedDaysAgo: 12)
    let warning = try #require(scan.alerts.last { !$0.isActive && $0.signals.count >= 2 })
    #expect(!scan.alerts.contains { $0.isActive })
    let told = report.toldOutcomes
    for (before, after) in zip(plain, told) {
      // The warning's days fall within the month, not within the week or yesterday.
      let reaches = warning.end >= report.asOf.adding(days: -before.job.period.currentDays)
      #expect(reaches == (before.job.period == .monthly))
      if reaches {
        #expect(after.insight.summary.hasPrefix("An early warning from \(warning.start.iso) to \(warning.end.iso)"))
        let signal = try #require(warning.signals.first { $0.metric == "heart.restingHeartRate" })
        #expect(after.insight.summary.contains(AlertPhrases.figure(signal, first: true)))
        if let back = warning.backInRange { #expect(after.insight.summary.contains("back in range since \(back.iso)")) }
      } else {
        #expect(after.insight == before.insight)
      }
    }
  }

  @Test func withoutAWarningEveryFormIsAsTheProviderWroteIt() throws {
    let (report, plain, scan) = Self.report(endedDaysAgo: 60)
    #expect(!scan.alerts.contains { $0.end >= report.asOf.adding(days: -30) })
    #expect(report.toldOutcomes.map(\.insight) == plain.map(\.insight))
    var bare = report
    bare.warnings = []
    bare.alerts = []
    #expect(report.text(colour: false) == bare.text(colour: false))
    #expect(report.markdown() == bare.markdown())
    #expect(try report.json() == bare.json())
  }

  @Test func aModelsWordsAgainstTheWarningAreNotShown() throws {
    let (report, _, _) = Self.report(endedDaysAgo: 0)
    let warning = try #require(report.warnings.first { $0.isActive })
    let weekly = try #require(report.outcomes.first { $0.job.period == .weekly }).insight
    // What a model might write about the week: calm words on the signals beside a true step.
    var written = weekly
    written.summary = "Your resting heart rate is steady, close to your usual."
    written.encouragement = [
      "Your HRV is up: whatever you are doing, keep doing it.", "Steady is good: every figure here is in line.",
    ]
    written.suggestions = [
      "Resting heart rate is stable, keep training hard.",
      "A resting heart rate above 100 bpm is worth mentioning to a clinician, especially if it stays there.",
    ]
    for index in written.metrics.indices { written.metrics[index].message = "Not a clear change yet." }
    let told = WarningStory.told(written, asOf: report.asOf, during: report.warnings)
    #expect(told.summary.hasPrefix("In an early warning since \(warning.start.iso)"))
    #expect(told.encouragement.isEmpty)
    #expect(told.suggestions == [written.suggestions[1]])
    for assessment in told.metrics {
      let isSignal = warning.signals.contains { $0.metric == assessment.metric }
      #expect(isSignal == assessment.message.hasPrefix("Part of the warning above"), "\(assessment.message)")
    }
  }
}
