import CountryKit
import CountryModel
import CountryStorage
import CtryCommands
import CtryGrammar
import CtryOutput
import CtryShell
import CtrySystem
import Foundation
import Synchronization

/// In-process microbenchmarks for ctry. Run by `Scripts/bench`; results as JSON on stdout, a readable
/// summary on stderr.
///
///     CtryBench [--repo DIR] [--quick]      run every measure
///     CtryBench --emit-commands N           print the benchmark's command mix (N lines) and exit
@main
struct CtryBench {
  /// The flags, read by ctry's own binder.
  struct Flags: FlagGroup {
    let repository = FlagKey<String>.option("repo", .directory, valueName: "DIR", "the repository to read data from")
    let quick = FlagKey<Bool>.switch("quick", "a few runs of every measure: a smoke test, not figures")
    let emitCommands = FlagKey<Int>.integer(
      "emit-commands", valueName: "N", "print the benchmark's command mix (N lines) and exit")
  }

  static func main() async {
    let flags = Flags()
    let spec = CommandSpec(
      name: "CtryBench", summary: "In-process microbenchmarks for ctry (run by Scripts/bench)", flags: Flags.self)
    let arguments: Arguments
    do {
      let (bound, overrides) = try ArgumentBinder.bind(Array(CommandLine.arguments.dropFirst()), to: spec)
      if overrides.help {
        print(HelpText.full(spec))
        return
      }
      arguments = bound
    } catch {
      fail("\(error)")
    }
    if let emitCommands = arguments[flags.emitCommands] {
      guard emitCommands >= 0 else { fail("--emit-commands needs a count of 0 or more") }
      print(Workloads.commandLines(emitCommands).joined(separator: "\n"))
      return
    }
    let repository = arguments[flags.repository] ?? FileManager.default.currentDirectoryPath
    var bench = Bench(repository: repository, quick: arguments[flags.quick])
    do {
      try await bench.runAll()
    } catch {
      fail("\(error)")
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    do {
      let data = try encoder.encode(bench.report)
      print(String(decoding: data, as: UTF8.self))
    } catch {
      fail("cannot encode the results: \(error)")
    }
  }

  static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("CtryBench: \(message)\n".utf8))
    Foundation.exit(2)
  }
}

/// What CtryBench prints on stdout.
struct Report: Encodable {
  /// Where the inputs came from and how big they were.
  var meta: [String: String] = [:]
  /// Derived figures (rates, counts).
  var numbers: [String: Double] = [:]
  /// Every timed measure, in milliseconds.
  var measures: [String: Stats] = [:]
  /// Completion latency of each line of the mix.
  var completionByLine: [String: Stats] = [:]
}

/// Discards what the engine prints, but counts it, so rendering is never optimised away.
final class DiscardingOutput: OutputSink {
  private let count = Mutex(0)
  var bytes: Int { count.withLock { $0 } }
  func write(_ bytes: [UInt8]) { count.withLock { $0 &+= bytes.count } }
  func writeError(_ text: String) { count.withLock { $0 &+= text.utf8.count } }
}

struct Bench {
  let repository: String
  let quick: Bool
  var report = Report()

  init(repository: String, quick: Bool) {
    self.repository = repository
    self.quick = quick
  }

  /// Repeats for a measure; `--quick` keeps every measure to a few runs.
  private func repeats(warmup: Int, minimum: Int, maximum: Int, budget: Double) -> Repeats {
    quick
      ? Repeats(warmup: min(warmup, 1), minimum: 1, maximum: min(maximum, 3), budget: budget / 10)
      : Repeats(warmup: warmup, minimum: minimum, maximum: maximum, budget: budget)
  }

  private mutating func record(_ name: String, _ samples: [Double], note: String = "") {
    let stats = Stats(samples)
    report.measures[name] = stats
    let line =
      "\(name.padding(toLength: 34, withPad: " ", startingAt: 0)) "
      + "min \(format(stats.min))  median \(format(stats.median))  max \(format(stats.max))  "
      + "p99 \(format(stats.p99)) ms  (n=\(stats.iterations))" + (note.isEmpty ? "" : "  \(note)")
    log(line)
  }

  private func log(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }

  private func format(_ value: Double) -> String {
    if value >= 100 { return String(format: "%.1f", value) }
    if value >= 1 { return String(format: "%.3f", value) }
    return String(format: "%.4f", value)
  }

  mutating func runAll() async throws {
    let catalog = try measureBundledLoad()
    try measurePayload(fallback: catalog)
    measureSearches(catalog)
    measureCompletion(catalog)
    measureLargeIndex()
    await measureEngine(catalog)
  }

  // MARK: - Loading

  /// The start-up path: find the resource, read it, decode it, index it; and each part alone.
  mutating func measureBundledLoad() throws -> CountryCatalog {
    let bundled = BundledDataset.locate(environment: [:])
    let path = bundled ?? "\(repository)/Sources/CountryKit/Resources/countries.json"
    report.meta["bundled_dataset"] = path
    guard let bytes = try? RegularFile.read(path, limit: BundledDataset.maximumBytes) else {
      throw CtryError(.data, "cannot read \(path)")
    }
    let data = Data(bytes)
    report.numbers["bundled_bytes"] = Double(bytes.count)
    let countries = try CountryDecoding.decodeList(bytes, origin: path)
    report.numbers["bundled_countries"] = Double(countries.count)
    let plan = repeats(warmup: 3, minimum: 5, maximum: 30, budget: 4)
    record(
      "load.total",
      try measure(plan) {
        let found = BundledDataset.locate(environment: [:]) ?? path
        guard let bytes = try? RegularFile.read(found, limit: BundledDataset.maximumBytes) else {
          throw CtryError(.data, "read failed")
        }
        blackHole(CountryCatalog(countries: try CountryDecoding.decodeList(bytes, origin: found)))
      }, note: "locate + read + decode + index")
    record("load.read", measure(plan) { blackHole(try? RegularFile.read(path, limit: BundledDataset.maximumBytes)) })
    record("load.decode", try measure(plan) { blackHole(try CountryDecoding.decodeList(bytes, origin: path)) })
    record(
      "load.decode_jsondecoder",
      try measure(plan) { blackHole(try JSONDecoder().decode([Country].self, from: data)) },
      note: "the same with Foundation's JSONDecoder, which TapeDecoder stands in for")
    record("load.index", measure(plan) { blackHole(CountryCatalog(countries: countries)) })
    record(
      "snapshot.encode",
      try measure(plan) { for country in countries { blackHole(try JSONStreamEncoder.encode(country)) } },
      note: "every record as the snapshot stores it (JSONStreamEncoder)")
    record(
      "snapshot.encode_jsonencoder",
      try measure(plan) { for country in countries { blackHole(try JSONEncoder().encode(country)) } },
      note: "the same with Foundation's JSONEncoder, which JSONStreamEncoder stands in for")
    return CountryCatalog(countries: countries)
  }

  /// Decode + index of the full REST Countries v3.1 payload (the test fixture in
  /// `Tests/Fixtures/restcountries` when present, else the bundled countries re-encoded).
  mutating func measurePayload(fallback catalog: CountryCatalog) throws {
    let fixture = "\(repository)/Tests/Fixtures/restcountries/v3.1-all.json"
    let bytes: [UInt8]
    if let read = try? RegularFile.read(fixture, limit: BundledDataset.maximumBytes) {
      bytes = read
      report.meta["v31_payload"] = fixture
    } else {
      bytes = [UInt8](try JSONEncoder().encode(catalog.countries))
      report.meta["v31_payload"] = "bundled countries re-encoded with JSONEncoder (shared fixture absent)"
    }
    let data = Data(bytes)
    report.numbers["v31_bytes"] = Double(bytes.count)
    let countries = try CountryDecoding.decodeList(bytes, origin: "v3.1 payload")
    report.numbers["v31_countries"] = Double(countries.count)
    let plan = repeats(warmup: 2, minimum: 5, maximum: 20, budget: 4)
    record(
      "v31.decode_index",
      try measure(plan) {
        blackHole(CountryCatalog(countries: try CountryDecoding.decodeList(bytes, origin: "v3.1")))
      }, note: "bytes in memory → catalog")
    record("v31.decode", try measure(plan) { blackHole(try CountryDecoding.decodeList(bytes, origin: "v3.1")) })
    record(
      "v31.decode_jsondecoder",
      try measure(plan) { blackHole(try JSONDecoder().decode([Country].self, from: data)) },
      note: "the same with Foundation's JSONDecoder")
    record("v31.index", measure(plan) { blackHole(CountryCatalog(countries: countries)) })
  }

  // MARK: - Search

  /// 1000 mixed searches, timed as a batch and one by one.
  mutating func measureSearches(_ catalog: CountryCatalog) {
    let cases = Workloads.searches(1000)
    func run(_ searchCase: Workloads.SearchCase) -> Int {
      switch searchCase {
      case .text(let text): return catalog.search(text).count
      case .query(let query): return catalog.run(query).count
      }
    }
    var each: [Double] = []
    each.reserveCapacity(cases.count * 10)
    for searchCase in cases.prefix(100) { blackHole(run(searchCase)) }
    let totals = measure(repeats(warmup: 0, minimum: 1, maximum: 10, budget: 15)) {
      for searchCase in cases {
        let one = clock.now
        blackHole(run(searchCase))
        each.append((clock.now - one).milliseconds)
      }
    }
    record("search.total_1000", totals, note: "1000 searches (search + run(CountryQuery))")
    record("search.each", each)
  }

  // MARK: - Completion

  /// `Completer.complete(line)` on the real catalog; and the first Tab, which builds the index.
  mutating func measureCompletion(_ catalog: CountryCatalog) {
    let registry = BuiltinCommands.registry()
    record(
      "completion.first_tab",
      measure(repeats(warmup: 2, minimum: 5, maximum: 30, budget: 3)) {
        let completer = Completer(registry: registry, catalog: catalog)
        blackHole(completer.complete("details Germ").candidates.count)
      }, note: "new Completer: builds the completion index")
    let completer = Completer(registry: registry, catalog: catalog)
    let lines = Workloads.completionLines
    var all: [Double] = []
    var byLine: [String: [Double]] = [:]
    for line in lines { blackHole(completer.complete(line).candidates.count) }
    _ = measure(repeats(warmup: 0, minimum: 20, maximum: 200, budget: 5)) {
      for line in lines {
        let start = clock.now
        blackHole(completer.complete(line).candidates.count)
        let sample = (clock.now - start).milliseconds
        all.append(sample)
        byLine[line, default: []].append(sample)
      }
    }
    record("completion.real", all, note: "\(lines.count) lines × \(all.count / lines.count)")
    for (line, samples) in byLine { report.completionByLine[line] = Stats(samples) }
    let worst = report.completionByLine.max { $0.value.p99 < $1.value.p99 }
    if let worst { log("  slowest line: \(worst.key.debugDescription) p99 \(format(worst.value.p99)) ms") }
  }

  /// `PrefixIndex` over 100 000 synthetic names: build, then lookups of 1–6 character prefixes.
  mutating func measureLargeIndex() {
    let names = Workloads.syntheticNames(100_000)
    let entries = names.map { (match: $0, offer: $0) }
    var index: PrefixIndex?
    record(
      "prefix100k.build",
      measure(repeats(warmup: 1, minimum: 1, maximum: 5, budget: 4)) { index = PrefixIndex(entries) })
    guard let index else { return }
    report.numbers["prefix100k_entries"] = Double(index.count)
    var random = SplitMix64(seed: 5)
    var prefixes: [String] = []
    for i in 0..<2000 {
      let name = names[Int(random.next() % UInt64(names.count))]
      let length = 1 + i % 6
      prefixes.append(i % 50 == 49 ? "qqq" : String(name.prefix(length)))
    }
    var samples: [Double] = []
    var matched = 0
    for prefix in prefixes.prefix(200) { blackHole(index.lookup(prefix).matches.count) }
    _ = measure(repeats(warmup: 0, minimum: 1, maximum: 10, budget: 5)) {
      for prefix in prefixes {
        let start = clock.now
        let found = index.lookup(prefix).matches.count
        samples.append((clock.now - start).milliseconds)
        matched &+= found
      }
    }
    blackHole(matched)
    report.numbers["prefix100k_mean_matches"] = Double(matched) / Double(samples.count)
    record("prefix100k.lookup", samples, note: "prefixes of 1–6 characters, 2% misses, ≤ 500 matches")
  }

  // MARK: - Engine

  /// 10 000 lines of the command mix through `Engine.run(line:)`, output discarded.
  mutating func measureEngine(_ catalog: CountryCatalog) async {
    let directory = NSTemporaryDirectory() + "ctry-bench-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let environment = ["TZ": "Africa/Cairo"]
    let paths = AppPaths(single: directory)
    let state = StateDatabase(paths: paths)
    let context = CommandContext(
      store: CountryStore(catalog: catalog, source: .bundled),
      favorites: FavoritesStore(state: state),
      home: HomeService(store: HomeStore(state: state), inference: HomeInference(environment: environment)),
      registry: BuiltinCommands.registry(),
      interaction: NoInteraction(),
      paths: paths,
      session: Session(Settings(format: .plain)),
      randomSeed: { 7 })
    let output = DiscardingOutput()
    let engine = Engine(context: context, output: output)
    let count = 10_000
    let lines = Workloads.commandLines(count)
    for line in lines.prefix(200) { _ = await engine.run(line: line) }
    // Whole rounds of 10 000 lines while the time budget lasts (at most 5). A round that would overrun the
    // budget stops once it has run 1000 lines: the rate then comes from the lines that ran, and every
    // line is timed on its own as well.
    let budget = quick ? 3.0 : 20.0
    var perLine: [Double] = []
    perLine.reserveCapacity(count)
    var rounds: [Double] = []
    var linesRun = 0
    var spent = 0.0
    var failures = 0
    var complete = true
    while complete, rounds.count < 5, rounds.isEmpty || spent < budget * 1000 {
      let roundStart = clock.now
      failures = 0
      for (index, line) in lines.enumerated() {
        let start = clock.now
        if await engine.run(line: line).code != 0 { failures += 1 }
        let now = clock.now
        perLine.append((now - start).milliseconds)
        if index >= 999, index < count - 1, spent + (now - roundStart).milliseconds > budget * 1000 {
          complete = false
          linesRun += index + 1
          break
        }
      }
      let elapsed = (clock.now - roundStart).milliseconds
      spent += elapsed
      if complete {
        rounds.append(elapsed)
        linesRun += count
      }
    }
    blackHole(output.bytes)
    if !rounds.isEmpty {
      record("engine.total", rounds, note: "\(count) lines, plain format, output discarded")
    }
    record("engine.line", perLine, note: "one line of the mix through Engine.run(line:)")
    let rate = Double(linesRun) / (spent / 1000)
    report.numbers["engine_lines"] = Double(count)
    report.numbers["engine_lines_run"] = Double(linesRun)
    report.numbers["engine_commands_per_second"] = rate
    report.numbers["engine_nonzero_status_lines"] = Double(failures)
    let cut = complete ? "" : " (the 10 000-line round was cut by the time budget)"
    log("  engine: \(Int(rate)) commands/s over \(linesRun) lines" + cut)
  }
}
