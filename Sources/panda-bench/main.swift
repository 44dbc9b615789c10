import Foundation
import LoopbackHTTPKit
import PandaAnalysis
import PandaCore
import PandaEvaluation
import PandaImport
import PandaStore
import PandaSynthetic

/// `panda-bench import [--days N] [--zip] [--no-resting-heart-rate] [--runs N] [--baseline PANDA]
/// [--compare COMMAND]`: generates a synthetic export (with `--no-resting-heart-rate`, of a person
/// whose tracker writes heart rate every minute and steps but no resting heart rate, which panda
/// derives) and, in whole `panda import` processes, imports it into a fresh database and again
/// into the same one, printing time, MB/s of XML, CPU time and peak memory.
/// With `--baseline` another `panda` binary does the same, the two alternating round by round;
/// `--compare` times another tool's command (`{export}` and `{db}` are replaced) the same way.
/// `panda-bench insights [--days N] [--baseline PANDA]`: times whole `panda insights` processes on
/// such a database, cold and fully cached; with `--baseline` another `panda` binary's cold runs
/// too, the two alternating run by run.
/// `panda-bench llm [--jobs N] [--delay SECONDS]`: times a whole `panda insights` run against a
/// loopback chat-completions server that takes `--delay` seconds per request.
/// `panda-bench export [--days N] [--keep DIR]`: times whole `panda export samples` processes (CSV
/// and JSON Lines, to /dev/null) on such a database, with their peak memory.
/// `panda-bench push [--days N] [--keep DIR]`: see `PushBenchmark`.
/// `panda-bench mcp [--days N] [--calls N]`: one `panda mcp` session answering `daily_values` for
/// a year of one metric after another, with the latency of each call (p50, p99).
/// `panda-bench receive [--days N] [--pushes K] [--slow-clients C] [--keep DIR]`: see `ReceiveBench`.
/// `panda-bench claims [--seeds N] [--first SEED] [--days N]`: the share of false claims on
/// trendless metrics and of planted trends found, over synthetic exports of N seeds.
/// `panda-bench report [--days N] [--keep DIR]`: times whole `panda report` processes on such a
/// database and gives the page's size.
/// `panda-bench relations [--seeds N] [--first SEED] [--days N]` and `panda-bench alerts …`: see
/// `LinksBenchmark`.
/// `panda-bench warnings [--seeds N] [--first SEED] [--days N] [--correlation R] [--dump]`: see
/// `WarningsBenchmark`.
/// `panda-bench tags [--seeds N] [--first SEED] [--days N] [--correlation R]`: see `TagsBenchmark`.
/// `panda-bench links-timing [--days N] [--keep DIR]`: times whole `panda relations` and `panda
/// alerts` processes on a database of N days (default 1,826, five years) of a sparse synthetic export.
package let arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first,
  [
    "import", "insights", "llm", "export", "push", "mcp", "receive", "claims", "report", "relations", "alerts",
    "warnings", "links-timing", "tags",
  ].contains(command)
else {
  print(
    """
    usage: panda-bench import [--days N] [--zip] [--no-resting-heart-rate] [--keep DIR] [--runs N]
                              [--panda PATH] [--baseline PATH] [--compare COMMAND]
           panda-bench insights [--days N] [--keep DIR] [--baseline PATH]
           panda-bench llm [--jobs N] [--delay SECONDS]
           panda-bench export [--days N] [--keep DIR]
           panda-bench push [--days N] [--keep DIR]
           panda-bench mcp [--days N] [--calls N] [--keep DIR]
           panda-bench receive [--days N] [--pushes K] [--slow-clients C] [--keep DIR]
           panda-bench claims [--seeds N] [--first SEED] [--days N]
           panda-bench report [--days N] [--keep DIR]
           panda-bench relations [--seeds N] [--first SEED] [--days N]
           panda-bench alerts [--seeds N] [--first SEED] [--days N]
           panda-bench warnings [--seeds N] [--first SEED] [--days N] [--correlation R] [--dump]
           panda-bench tags [--seeds N] [--first SEED] [--days N] [--correlation R]
           panda-bench links-timing [--days N] [--keep DIR]
    """)
  exit(64)
}
package func option(_ name: String) -> String? {
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
  return arguments[index + 1]
}
package let days = Int(option("--days") ?? "") ?? 1_900
package let zip = arguments.contains("--zip")
package let folder =
  option("--keep")
  ?? FileManager.default.temporaryDirectory.appendingPathComponent(
    "panda-bench-\(ProcessInfo.processInfo.processIdentifier)"
  ).path
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
let exportPath = (folder as NSString).appendingPathComponent(zip ? "export.zip" : "export.xml")
package let databasePath = (folder as NSString).appendingPathComponent("bench.sqlite")
package let lastDay = CalendarDay(ordinal: Int(SyntheticExport.defaultLastDay))

/// Runs the `panda` binary built beside this one (or `binary`) and returns its wall time in
/// milliseconds.
func timePanda(_ arguments: [String], binary path: String? = nil) throws -> Double {
  let binary =
    path.map { URL(fileURLWithPath: $0) }
    ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("panda")
  let process = Process()
  process.executableURL = binary
  process.arguments = arguments
  process.standardOutput = FileHandle.nullDevice
  let clock = ContinuousClock()
  let started = clock.now
  try process.run()
  process.waitUntilExit()
  let elapsed = clock.now - started
  guard process.terminationStatus == 0 else {
    print("panda \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
    exit(70)
  }
  return Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
}

if command == "receive" {
  try ReceiveBench.run(
    days: Int(option("--days") ?? "") ?? 30, pushes: Int(option("--pushes") ?? "") ?? 3,
    slowClients: Int(option("--slow-clients") ?? "") ?? 50, folder: folder)
  if option("--keep") == nil { try? FileManager.default.removeItem(atPath: folder) }
  exit(0)
}

if command == "push" {
  let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
    "panda")
  try PushBenchmark.run(days: Int(option("--days") ?? "") ?? 30, folder: folder, panda: binary.path)
  exit(0)
}

if command == "warnings" {
  let seeds = Int(option("--seeds") ?? "") ?? 200
  let first = UInt64(option("--first") ?? "") ?? 1_000
  WarningsBenchmark.run(
    seeds: Array(first..<(first + UInt64(seeds))), days: Int(option("--days") ?? "") ?? 730,
    correlation: Double(option("--correlation") ?? "") ?? 0.5, dump: arguments.contains("--dump"))
  try? FileManager.default.removeItem(atPath: folder)
  exit(0)
}

if command == "tags" {
  let seeds = Int(option("--seeds") ?? "") ?? 200
  let first = UInt64(option("--first") ?? "") ?? 1_000
  TagsBenchmark.run(
    seeds: Array(first..<(first + UInt64(seeds))), days: Int(option("--days") ?? "") ?? 400,
    correlation: Double(option("--correlation") ?? "") ?? 0.5)
  try? FileManager.default.removeItem(atPath: folder)
  exit(0)
}

if command == "relations" || command == "alerts" {
  let seeds = Int(option("--seeds") ?? "") ?? 200
  let first = UInt64(option("--first") ?? "") ?? 1_000
  let range = Array(first..<(first + UInt64(seeds)))
  if command == "relations" {
    LinksBenchmark.relations(seeds: range, days: Int(option("--days") ?? "") ?? 400)
  } else {
    LinksBenchmark.alerts(seeds: range, days: Int(option("--days") ?? "") ?? 730)
  }
  try? FileManager.default.removeItem(atPath: folder)
  exit(0)
}

if command == "links-timing" {
  let span = Int(option("--days") ?? "") ?? 1_826
  if !FileManager.default.fileExists(atPath: databasePath) {
    print("generating and importing \(span) days of sparse synthetic data…")
    try SyntheticExport(days: span, detail: .sparse).writeXML(to: exportPath)
    let database = try Database.openPanda(at: databasePath)
    _ = try ExportImporter(database: database, context: DailyContext(zone: TimeZone(identifier: "UTC")!))
      .importExport(at: exportPath)
  }
  let base = ["--db", databasePath, "--timezone", "UTC", "--as-of", lastDay.adding(days: 1).iso]
  let runs: [(String, [String])] = [
    ("panda relations (365 days)", ["relations"] + base),
    ("panda alerts (90 days)", ["alerts"] + base),
    ("panda alerts (all \(span) days)", ["alerts", "--from", lastDay.adding(days: 1 - span).iso] + base),
    ("panda relations --format json", ["relations", "--format", "json"] + base),
    ("panda status (for scale)", ["status"] + base.dropLast(2)),
  ]
  print("\(span) days of data, whole process, median of 7 runs (after one warm-up):")
  for (name, arguments) in runs {
    _ = try timePanda(arguments)
    var times: [Double] = []
    for _ in 0..<7 { times.append(try timePanda(arguments)) }
    times.sort()
    print(String(format: "  %@: median %.0f ms (fastest %.0f ms)", name, times[3], times[0]))
  }
  if option("--keep") == nil { try? FileManager.default.removeItem(atPath: folder) }
  exit(0)
}

if command == "claims" {
  let seeds = Int(option("--seeds") ?? "") ?? 100
  let first = UInt64(option("--first") ?? "") ?? 1_000
  let sweep = ClaimSweep(
    days: Int(option("--days") ?? "") ?? 200, folder: folder, provider: HeuristicProvider())
  let tally = try await sweep.tally(seeds: Array(first..<(first + UInt64(seeds))))
  for claim in tally.falseClaims { print("false claim: \(claim)") }
  for miss in tally.missed { print("missed: \(miss)") }
  print(
    String(
      format:
        "%d seeds of %d days: false claims %d of %d trendless assessments (1 in %.0f); planted trends found %d of %d (%.1f %%), %d of the %d worth mentioning (%.1f %%)",
      seeds, sweep.days, tally.falseClaims.count, tally.trendlessAssessments,
      Double(tally.trendlessAssessments) / Double(max(1, tally.falseClaims.count)), tally.plantedFound,
      tally.plantedAssessments, tally.recall * 100, tally.plantedWorthMentioningFound, tally.plantedWorthMentioning,
      tally.recallWorthMentioning * 100))
  try? FileManager.default.removeItem(atPath: folder)
  exit(0)
}

if command == "llm" {
  let jobs = Int(option("--jobs") ?? "") ?? 4
  let delay = Double(option("--delay") ?? "") ?? 1
  let asOf = CalendarDay(iso: "2025-07-01")!
  let database = try Database.openPanda(at: databasePath)
  let xml = (folder as NSString).appendingPathComponent("demo.xml")
  try SyntheticExport(days: 150, lastDay: Int64(asOf.ordinal - 1), detail: .light).writeXML(to: xml)
  _ = try ExportImporter(database: database, context: DailyContext(zone: TimeZone(identifier: "UTC")!))
    .importExport(at: xml)
  // A model that takes `delay` seconds and describes each metric without numbers.
  let server = try LoopbackServer { request, _ in
    let prompt = JSONValue.parse(request.text)?["messages"]?.arrayValue?.last?["content"]?.stringValue ?? ""
    let figures = prompt.split(separator: "\n").first { $0.hasPrefix("[{") }.flatMap { JSONValue.parse(String($0)) }
    let metrics = (figures?.arrayValue ?? []).map { figure in
      JSONValue.object([
        "metric": figure["metric"] ?? .null, "assessment": figure["assessment"] ?? .null, "message": .string("Noted."),
      ])
    }
    let content = JSONValue.object([
      "summary": .string("Noted."), "metrics": .array(metrics), "encouragement": .array([]), "suggestions": .array([]),
    ]).text
    let reply = JSONValue.object([
      "choices": .array([
        .object([
          "message": .object(["role": .string("assistant"), "content": .string(content)]),
          "finish_reason": .string("stop"),
        ])
      ])
    ])
    return .respond(status: 200, body: reply.text, delay: .milliseconds(Int(delay * 1_000)))
  }
  let milliseconds = try timePanda([
    "insights", "--db", databasePath, "--timezone", "UTC", "--as-of", asOf.iso, "--provider", "openai",
    "--base-url", server.baseURL + "/v1", "--model", "bench", "--jobs", String(jobs), "--refresh", "-q",
  ])
  print(
    String(
      format: "panda insights against an endpoint taking %.1f s a request: %d requests with --jobs %d in %.1f s",
      delay, server.requests.count, jobs, milliseconds / 1_000))
  try? FileManager.default.removeItem(atPath: folder)
  exit(0)
}

if command == "insights" || command == "export" || command == "mcp" || command == "report" {
  if !FileManager.default.fileExists(atPath: databasePath) {
    if !FileManager.default.fileExists(atPath: exportPath) {
      print("generating \(days) days of synthetic data into \(exportPath)…")
      try SyntheticExport(days: days).writeXML(to: exportPath)
    }
    let database = try Database.openPanda(at: databasePath)
    _ = try ExportImporter(database: database, context: DailyContext(zone: TimeZone(identifier: "UTC")!))
      .importExport(at: exportPath)
  }
}

if command == "mcp" {
  try MCPBenchmark(databasePath: databasePath, lastDay: lastDay).run(calls: Int(option("--calls") ?? "") ?? 1_000)
  if option("--keep") == nil { try? FileManager.default.removeItem(atPath: folder) }
  exit(0)
}

if command == "export" {
  let samples = try SampleTable(database: Database(path: databasePath, readOnly: true)).count()
  for format in ["csv", "jsonl"] {
    let milliseconds = try timePanda(["export", "samples", "--db", databasePath, "--format", format])
    var usage = rusage()
    #if os(Linux)
      getrusage(RUSAGE_CHILDREN.rawValue, &usage)
      let peak = Double(usage.ru_maxrss) / 1_024
    #else
      getrusage(RUSAGE_CHILDREN, &usage)
      let peak = Double(usage.ru_maxrss) / 1_048_576
    #endif
    print(
      String(
        format:
          "panda export samples --format %@: %d samples in %.2f s, %.0f samples/s, peak RSS of the runs so far %.1f MB",
        format, samples, milliseconds / 1_000, Double(samples) / milliseconds * 1_000, peak))
  }
  if option("--keep") == nil { try? FileManager.default.removeItem(atPath: folder) }
  exit(0)
}

if command == "report" {
  let page = (folder as NSString).appendingPathComponent("report.html")
  let base = ["report", "--db", databasePath, "--timezone", "UTC", "--as-of", lastDay.adding(days: 1).iso]
  var runs: [Double] = []
  for _ in 0..<5 { runs.append(try timePanda(base + ["--output", page])) }
  runs.sort()
  let bytes = (try FileManager.default.attributesOfItem(atPath: page)[.size] as? NSNumber)?.intValue ?? 0
  print(String(format: "panda report, %d days, 9 categories, whole process:", days))
  print(String(format: "  median %.0f ms of 5 (fastest %.0f ms); the page is %d bytes", runs[2], runs[0], bytes))
  if option("--keep") == nil { try? FileManager.default.removeItem(atPath: folder) }
  exit(0)
}

if command == "insights" {
  let base = ["insights", "--db", databasePath, "--timezone", "UTC", "--as-of", lastDay.adding(days: 1).iso, "-q"]
  _ = try timePanda(base + ["--refresh"])
  var cold: [Double] = []
  var cached: [Double] = []
  for _ in 0..<5 {
    cold.append(try timePanda(base + ["--refresh"]))
    cached.append(try timePanda(base))
  }
  cold.sort()
  cached.sort()
  print(String(format: "panda insights, %d days, 21 jobs, whole process:", days))
  print(String(format: "  cold (--refresh, heuristic): median %.0f ms of 5 (fastest %.0f ms)", cold[2], cold[0]))
  print(String(format: "  fully cached: median %.0f ms of 5 (fastest %.0f ms)", cached[2], cached[0]))
  if let baseline = option("--baseline") {
    // Side by side: this build and the baseline alternate, so both see the same load.
    _ = try timePanda(base + ["--refresh"], binary: baseline)
    var ours: [Double] = []
    var theirs: [Double] = []
    for _ in 0..<9 {
      ours.append(try timePanda(base + ["--refresh"]))
      theirs.append(try timePanda(base + ["--refresh"], binary: baseline))
    }
    ours.sort()
    theirs.sort()
    print(
      String(
        format: "  cold, alternating with --baseline: this build median %.0f ms, baseline %.0f ms of 9 (%.2f×)",
        ours[4], theirs[4], ours[4] / theirs[4]))
  }
  if option("--keep") == nil { try? FileManager.default.removeItem(atPath: folder) }
  exit(0)
}

if !FileManager.default.fileExists(atPath: exportPath) {
  print("generating \(days) days of synthetic data into \(exportPath)…")
  var export = SyntheticExport(days: days)
  export.writesRestingHeartRate = !arguments.contains("--no-resting-heart-rate")
  if zip { try export.writeZip(to: exportPath) } else { try export.writeXML(to: exportPath) }
}
package let size = (try FileManager.default.attributesOfItem(atPath: exportPath)[.size] as? NSNumber)?.doubleValue ?? 0
package let xmlBytes = try ExportImporter.xmlBytes(ofExportAt: exportPath)

if arguments.contains("--in-process") {
  // One first import and one re-import in this process, for profilers (`valgrind --tool=callgrind`).
  for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: databasePath + suffix) }
  for run in ["first import", "re-import"] {
    let database = try Database.openPanda(at: databasePath)
    let summary = try ExportImporter(database: database, context: DailyContext(zone: TimeZone(identifier: "UTC")!))
      .importExport(at: exportPath)
    print(
      String(
        format: "%@ in process: %.2f s, %.0f MB/s of XML, %d inserted, %d already stored", run, summary.seconds,
        Double(summary.xmlBytes) / 1e6 / summary.seconds, summary.counts.inserted, summary.counts.duplicates))
  }
  if option("--keep") == nil { try? FileManager.default.removeItem(atPath: folder) }
  exit(0)
}

/// The `panda` binaries compared: this build's and, with `--baseline`, another's.
package let candidate =
  option("--panda")
  ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("panda").path
var contenders = [ImportContender(name: "panda", binary: candidate)]
if let baseline = option("--baseline") { contenders.append(ImportContender(name: "baseline", binary: baseline)) }
if let other = option("--compare") { contenders.append(ImportContender(name: "other", command: other)) }
package let rounds = max(1, Int(option("--runs") ?? "") ?? 3)

print(
  String(
    format: "export: %.1f MB (%@), %.1f MB of XML; %d rounds, contenders alternating", size / 1e6,
    zip ? "zip" : "xml", Double(xmlBytes) / 1e6, rounds))
for contender in contenders { print("  \(contender.name): \(contender.description)") }
package var results: [String: [ImportRound]] = [:]
for round in 0..<rounds {
  // Alternate who goes first, so neither always meets a warm or a busy machine.
  let order = round % 2 == 0 ? contenders : contenders.reversed()
  for contender in order {
    let database = (folder as NSString).appendingPathComponent("\(contender.name).sqlite")
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
    // The pages the last run left for the kernel to write must not be written in this one's time.
    sync()
    let first = try contender.importExport(exportPath, into: database)
    let stored = ["", "-wal"].compactMap {
      (try? FileManager.default.attributesOfItem(atPath: database + $0)[.size] as? NSNumber)?.doubleValue
    }.reduce(0, +)
    sync()
    let again = contender.canReimport ? try contender.importExport(exportPath, into: database) : nil
    let result = ImportRound(first: first, again: again, databaseMegabytes: stored / 1e6)
    results[contender.name, default: []].append(result)
    print("  round \(round + 1) \(contender.name): \(result.line(xmlBytes: xmlBytes))")
  }
}
print("medians of \(rounds) rounds:")
let medians = contenders.map { ($0.name, ImportRound.median(results[$0.name] ?? [])) }
for (name, median) in medians {
  print("  \(name): \(median.line(xmlBytes: xmlBytes))")
}
if let (_, ours) = medians.first {
  for (name, theirs) in medians.dropFirst() {
    var line = String(
      format: "  panda against %@: first import %.2f× as fast (%.0f %% of its time)", name,
      theirs.first.seconds / ours.first.seconds, ours.first.seconds / theirs.first.seconds * 100)
    line += String(
      format: ", CPU %.2f×, system %.2f×, peak memory %.2f×, database %.2f× of its",
      ours.first.cpuSeconds
        / theirs.first.cpuSeconds, ours.first.systemSeconds / max(theirs.first.systemSeconds, 1e-9),
      ours.first.peakMegabytes / theirs.first.peakMegabytes,
      ours.databaseMegabytes / max(theirs.databaseMegabytes, 1e-9))
    if let ourAgain = ours.again, let theirAgain = theirs.again {
      line += String(
        format: ", re-import %.2f× as fast (%.0f %% of its time)", theirAgain.seconds / ourAgain.seconds,
        ourAgain.seconds / theirAgain.seconds * 100)
    }
    print(line)
  }
}

if contenders.count == 1 {
  let fetchDatabase = try Database.openPanda(at: (folder as NSString).appendingPathComponent("panda.sqlite"))
  var loadTimes: [Double] = []
  for _ in 0..<7 {
    let clock = ContinuousClock()
    let started = clock.now
    let snapshot = try HealthFetcher(database: fetchDatabase).loadAll(asOf: lastDay)
    let elapsed = clock.now - started
    loadTimes.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
    precondition(snapshot.series.count == MetricCatalogue.all.count)
  }
  loadTimes.sort()
  print(
    String(format: "HealthFetcher.loadAll: median %.1f ms of 7 runs (fastest %.1f ms)", loadTimes[3], loadTimes[0]))
}
if option("--keep") == nil { try? FileManager.default.removeItem(atPath: folder) }
