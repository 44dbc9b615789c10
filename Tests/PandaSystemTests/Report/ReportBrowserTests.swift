import Foundation
import Synchronization
import Testing

@testable import PandaCore
@testable import PandaReport
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

/// Chromium, where installed (`apt-get install chromium`; `.ci/run` installs it).
enum Chromium {
  static let path: String? = {
    let candidates =
      [ProcessInfo.processInfo.environment["PANDA_CHROMIUM"]].compactMap { $0 }
      + ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/snap/bin/chromium"]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// What headless Chromium made of a page: the DOM after layout, a screenshot, what it logged
  /// (console messages included) and the URLs it requested.
  struct Rendering {
    var status: Int32
    var dom: String
    var screenshot: PNGImage?
    var log: String
    var requested: [String]
  }

  /// Renders the page at `file` at `width` × `height`, with the given colour scheme.
  static func render(_ file: String, width: Int, height: Int, dark: Bool = false, folder: TemporaryFolder) throws
    -> Rendering
  {
    let screenshot = folder.file("screenshot-\(UUID().uuidString).png")
    let netLog = folder.file("net-\(UUID().uuidString).json")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path ?? "chromium")
    process.arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
      "--user-data-dir=" + folder.file("profile-\(UUID().uuidString)"), "--window-size=\(width),\(height)",
      "--virtual-time-budget=3000", "--enable-logging=stderr", "--v=0", "--log-net-log=" + netLog,
      "--blink-settings=preferredColorScheme=\(dark ? 0 : 1)", "--screenshot=" + screenshot, "--dump-dom",
      URL(fileURLWithPath: file).absoluteString,
    ]
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Read both pipes while it runs: a full pipe would stop the browser.
    let errorData = Mutex(Data())
    let reader = Thread { errorData.withLock { $0 = error.fileHandleForReading.readDataToEndOfFile() } }
    reader.start()
    let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    while reader.isExecuting || !reader.isFinished { usleep(10_000) }
    let net = (try? String(contentsOfFile: netLog, encoding: .utf8)) ?? ""
    let requested = net.matches(of: /"url":"([^"]*)"/).map { String($0.output.1) }
    return Rendering(
      status: process.terminationStatus, dom: dom,
      screenshot: (try? Data(contentsOf: URL(fileURLWithPath: screenshot))).flatMap(PNGImage.init(data:)),
      log: String(decoding: errorData.withLock { $0 }, as: UTF8.self), requested: requested)
  }
}

/// The report of a 200-day export as a real browser shows it: it renders, the charts are drawn,
/// every insight's summary is on the page, the console stays quiet and the page requests nothing.
/// Skipped where Chromium is not installed.
@Suite(.enabled(if: Chromium.path != nil, "chromium is not installed (apt-get install chromium)"))
struct ReportBrowserTests {
  static let asOf = CalendarDay(iso: "2025-07-01")!

  @Test func theReportOfA200DayExportRendersWithItsChartsAndSentences() async throws {
    let folder = try TemporaryFolder()
    let database = folder.file("panda.sqlite")
    let xml = folder.file("export.xml")
    try SyntheticExport(days: 200, lastDay: Int64(Self.asOf.ordinal - 1), detail: .light).writeXML(to: xml)
    #expect(await runPanda(["import", xml, "--db", database, "--timezone", "UTC", "-q"]).status == .success)
    let page = folder.file("report.html")
    let options = ["--db", database, "--timezone", "UTC", "--as-of", Self.asOf.iso]
    #expect(await runPanda(["report", "--output", page] + options).status == .success)
    let insights = await runPanda(["insights", "--format", "json"] + options)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(insights.output.utf8)) as? [String: Any])
    let summaries = try #require(document["insights"] as? [[String: Any]]).compactMap { $0["summary"] as? String }
    #expect(summaries.count == HealthCategory.analysed.count * 3)

    let rendering = try Chromium.render(page, width: 1000, height: 4000, folder: folder)
    #expect(rendering.status == 0, "\(rendering.log)")
    #expect(rendering.dom.contains("<h1>Health report as of \(Self.asOf.iso)</h1>"))
    // Nothing logged, no "What you logged".
    #expect(!rendering.dom.contains("id=\"logged\""))
    #expect(!rendering.dom.contains("What you logged"))
    // The DOM as serialized escapes &, < and > in text, not quotes.
    func serialized(_ text: String) -> String {
      text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
    }
    for summary in summaries { #expect(rendering.dom.contains(serialized(summary)), "\(summary)") }
    let snapshot = try HealthFetcher(database: try Database.openPanda(at: database)).loadAll(asOf: Self.asOf)
    let charted = snapshot.series.filter {
      !$0.points(from: Self.asOf.adding(days: -90), through: Self.asOf.adding(days: -1)).isEmpty
    }
    #expect(charted.count >= 20)
    for series in charted {
      #expect(rendering.dom.contains("<title id=\"t-\(series.metric.id.replacingOccurrences(of: ".", with: "-"))\">"))
    }
    #expect(rendering.dom.components(separatedBy: "<svg class=\"daily\"").count - 1 == charted.count)

    // Drawn: the accent blue of bars, lines and dots, three times what the links and the legend
    // above the first chart have (about 2,000 pixels).
    let screenshot = try #require(rendering.screenshot)
    #expect(screenshot.width == 1000)
    #expect(screenshot.count(red: 0x2F, green: 0x6D, blue: 0xB5) > 6_000)

    // No console message at all (no script runs, and a blocked request would be reported there).
    #expect(!rendering.log.contains(":CONSOLE"), "\(rendering.log)")
    // No request from the page: what the net log holds is the browser's own background traffic.
    let pageRequests = rendering.requested.filter { url in
      !["google.com/", "googleapis.com/", "gvt1.com/"].contains { url.contains($0) }
    }
    #expect(pageRequests.isEmpty, "\(pageRequests)")
  }

  /// Tags logged beside an imported export: the report lists them with their days, and the
  /// links of tags that `panda relations` prints, in its words; the links between metrics stay in
  /// their own section.
  @Test func whatYouLoggedListsTheTagsAndTheirLinksAsRelationsWordsThem() async throws {
    let folder = try TemporaryFolder()
    var export = SyntheticExport(days: 400, seed: 3, offsetSeconds: 0, detail: .sparse)
    export.tags = [PlantedTag.alcohol, PlantedTag(name: "sauna", share: 0.2)]
    let xml = folder.file("export.xml")
    try export.writeXML(to: xml)
    let database = folder.file("panda.sqlite")
    #expect(await runPanda(["import", xml, "--db", database, "--timezone", "UTC", "-q"]).status == .success)
    let book = LogBook(database: try Database.openPanda(at: database), context: DailyContext(zone: .gmt))
    for (name, day) in export.tagDays() { _ = try book.tag(name, at: day * 86_400 + 21 * 3_600, note: nil) }
    let asOf = CalendarDay(ordinal: Int(export.lastDay) + 1)
    let options = ["--db", database, "--timezone", "UTC", "--as-of", asOf.iso]
    let page = folder.file("report.html")
    #expect(await runPanda(["report", "--output", page] + options).status == .success)
    let relations = await runPanda(["relations", "--format", "json"] + options)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(relations.output.utf8)) as? [String: Any])
    let links = try #require(document["relations"] as? [[String: Any]])
    let tagSentences = links.filter { $0["taggedDays"] != nil }.compactMap { $0["sentence"] as? String }
    #expect(tagSentences.contains { $0.contains("after you logged alcohol") })

    let rendering = try Chromium.render(page, width: 1000, height: 4000, folder: folder)
    #expect(rendering.status == 0, "\(rendering.log)")
    let sections = rendering.dom.components(separatedBy: "<section id=\"logged\"")
    #expect(sections.count == 2)
    let logged = try #require(sections.last?.components(separatedBy: "</section>").first)
    #expect(logged.contains("What you logged"))
    // The tags of the 90 days charted, each with its days counted from what was logged.
    let charted = DayRange(last: asOf.adding(days: -1), count: HTMLReport.chartDays)
    for name in ["alcohol", "sauna"] {
      let days = export.tagDays().filter { $0.name == name && charted.contains(CalendarDay(ordinal: Int($0.day))) }
      #expect(logged.contains("\(name): \(days.count) days, from "), "\(name)")
    }
    for sentence in tagSentences { #expect(logged.contains(sentence), "\(sentence)") }
    // Told once: the links between metrics leave the tags' links to this section.
    if let after = rendering.dom.components(separatedBy: "<section id=\"relations\"").dropFirst().first,
      let metricSection = after.components(separatedBy: "</section>").first
    {
      for sentence in tagSentences { #expect(!metricSection.contains(sentence)) }
    }
    #expect(!rendering.log.contains(":CONSOLE"), "\(rendering.log)")
  }

  @Test func darkModeAndAPhoneScreenAreDrawnInTheirOwnColours() async throws {
    let folder = try TemporaryFolder()
    let data = try PlantedTrends()
    let page = folder.file("report.html")
    let result = await runPanda([
      "report", "--output", page, "--db", data.path, "--timezone", "UTC", "--as-of", PlantedTrends.asOf.iso,
      "--category", "activity",
    ])
    #expect(result.status == .success)
    let dark = try Chromium.render(page, width: 390, height: 1600, dark: true, folder: folder)
    let screenshot = try #require(dark.screenshot)
    #expect(screenshot.width == 390)
    // The dark background, with light text on it.
    #expect(screenshot.count(red: 0x15, green: 0x17, blue: 0x1A, tolerance: 2) > 390 * 200)
    #expect(screenshot.count(red: 0xE8, green: 0xE6, blue: 0xE3, tolerance: 24) > 2_000)
    #expect(!dark.log.contains(":CONSOLE"), "\(dark.log)")
  }
}
