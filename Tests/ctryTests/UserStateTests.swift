import CountryModel
import CountryStorage
import CtryTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

/// The state database through the real binary, with several processes at once: concurrent writers,
/// writers killed at random moments, garbage over the file, an unusable data directory, and the
/// import of ctry 1.x's JSON files. Serialized: each test runs many processes, and running them
/// side by side only makes each slower on a small machine. The races and crashes are repeated over
/// `StressTrials` (tag `.stress`): a few in the main lane, many in the stress lane.
@Suite(.ownThread, .serialized, .tags(.slow)) struct UserStateTests {
  let directory = TestPaths.preparedDirectory()

  func ctry(_ arguments: String..., in directory: String? = nil, environment: [String: String] = [:]) throws
    -> ProcessRunner.Result
  {
    try ProcessRunner.ctry(
      ["--data-dir", directory ?? self.directory] + arguments, environment: environment, directory: self.directory)
  }

  /// The favorites as plain lines (callers make sure there is at least one, else home is shown).
  func favorites(in directory: String) throws -> (lines: [String], result: ProcessRunner.Result) {
    let result = try ctry("--format", "plain", "favorites", in: directory)
    return (result.out.split(separator: "\n").map(String.init), result)
  }

  /// The stored codes, read in this process (the same store the binary uses, without a start-up),
  /// and any warning opening it gave.
  func storedCodes(in directory: String) async throws -> (codes: [String], warnings: [String]) {
    let store = FavoritesStore(state: StateDatabase(directory: directory))
    return (try store.list(), store.drainWarnings())
  }

  func filesIn(_ directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
  }

  // MARK: - Concurrent writers

  @Test(.tags(.stress)) func threeWritersAtOnceLoseNothing() async throws {
    let began = ContinuousClock.now
    var failures: [String] = []
    var trials = 0
    for trial in StressTrials(minimum: 3, maximum: 30) {
      trials += 1
      let directory = TestPaths.preparedDirectory()
      let statuses = try await Self.together(
        directory, ["Egypt", "Japan", "Peru"].map { ["-c", "favorites add \($0)"] })
      let (codes, warnings) = try await storedCodes(in: directory)
      if statuses != [0, 0, 0] || Set(codes) != ["EGY", "JPN", "PER"] || codes.count != 3 || !warnings.isEmpty {
        failures.append("trial \(trial): statuses \(statuses), favorites \(codes), warnings \(warnings)")
      }
    }
    #expect(failures.isEmpty, "\(failures.count) of \(trials) trials lost a favorite: \(failures)")
    print(
      "concurrent writers: \(trials) trials of 3 processes, \(failures.count) lost a favorite (\(ContinuousClock.now - began))"
    )
  }

  /// Starts one `ctry --data-dir DIRECTORY` per argument list at once and waits for all of them.
  static func together(_ directory: String, _ argumentLists: [[String]]) async throws -> [Int32] {
    try await onOwnThread {
      let children = try argumentLists.map {
        try Subprocess(TestPaths.binary, ["--data-dir", directory] + $0, stderr: .discard)
      }
      return children.map { $0.wait() }
    }
  }

  @Test(.tags(.stress)) func twoWritersForTheLastPlaceOnlyOneGetsIt() async throws {
    let began = ContinuousClock.now
    var failures: [String] = []
    var trials = 0
    for trial in StressTrials(minimum: 2, maximum: 10) {
      trials += 1
      let directory = TestPaths.preparedDirectory()
      #expect(try ctry("-c", "favorites add Egypt Germany France Japan", in: directory).status == 0)
      let statuses = try await Self.together(
        directory, [["-c", "favorites add Peru"], ["-c", "favorites add Chile"]])
      let (codes, _) = try await storedCodes(in: directory)
      let winners = codes.filter { $0 == "PER" || $0 == "CHL" }
      if statuses.sorted() != [0, 1] || codes.count != 5 || winners.count != 1 {
        failures.append("trial \(trial): statuses \(statuses), favorites \(codes)")
      }
    }
    #expect(failures.isEmpty, "the limit of 5 did not hold: \(failures)")
    print(
      "last place: \(trials) trials of 2 processes, \(failures.count) broke the limit (\(ContinuousClock.now - began))")
  }

  // MARK: - Crash consistency

  /// A process adds and removes Japan and Peru in a loop and is killed with SIGKILL at a random
  /// moment, trial after trial (up to 40). Every time, the store opens cleanly, Egypt and Germany (stored before) are
  /// still there in order, and the churn is exactly where the child's output says it was, or one
  /// step further (a change committed but not yet reported).
  @Test(.tags(.stress)) func writersKilledAtRandomMomentsLoseNothingStoredBefore() async throws {
    let began = ContinuousClock.now
    #expect(try ctry("-c", "favorites add Egypt Germany").status == 0)
    var random = SplitMix64(seed: UInt64(UInt32.random(in: 0...UInt32.max)))
    let cycle = ["favorites add Japan Peru", "favorites remove Japan --yes", "favorites remove Peru --yes"]
    let churn = Array(repeating: cycle, count: 60).joined().flatMap { ["-c", $0] }
    var state: Set<String> = []
    let names = ["JPN": "Japan", "PER": "Peru"]
    var failures: [String] = []
    var killedRunning = 0
    var killedBeforeFirstChange = 0
    var committedUnreported = 0
    var trials = 0
    for trial in StressTrials(minimum: 5, maximum: 40) {
      trials += 1
      let duringStartUp = trial % 5 == 0  // sometimes kill it before it has changed anything
      let delay = UInt32.random(in: 0..<(duringStartUp ? 120_000 : 40_000), using: &random)
      let (status, reported) = try await onOwnThread { [directory] in
        let child = try Subprocess(
          TestPaths.binary, ["--data-dir", directory, "--format", "plain"] + churn, stderr: .discard)
        var reported = 0
        if !duringStartUp, child.readLine() != nil { reported += 1 }
        usleep(delay)
        child.kill(SIGKILL)
        let status = child.wait()
        while child.readLine() != nil { reported += 1 }
        return (status, reported)
      }
      if status == 128 + SIGKILL { killedRunning += 1 }
      if reported == 0 { killedBeforeFirstChange += 1 }

      let (codes, warnings) = try await storedCodes(in: directory)
      let lines = codes.map { ["EGY": "Egypt", "DEU": "Germany"][$0] ?? names[$0] ?? $0 }
      let churned = Set(lines.dropFirst(2))
      let expected = Self.stateAfter(reported, from: state)
      let oneMore = Self.stateAfter(reported + 1, from: state)
      if churned == oneMore && churned != expected { committedUnreported += 1 }
      if !warnings.isEmpty || Array(lines.prefix(2)) != ["Egypt", "Germany"]
        || (churned != expected && churned != oneMore) || lines.count != 2 + churned.count
      {
        failures.append(
          "trial \(trial): \(reported) changes reported, favorites \(lines), expected \(expected.sorted()), warnings \(warnings)"
        )
      }
      state = churned
    }
    #expect(failures.isEmpty, "\(failures)")
    #expect(
      killedRunning >= trials * 9 / 10, "most children were still running when killed (\(killedRunning) of \(trials))")
    #expect(!filesIn(directory).contains { $0.contains("corrupt") }, "nothing was ever set aside")
    print(
      "crash consistency: \(trials) kills (\(killedRunning) mid-run, \(killedBeforeFirstChange) before the first change, "
        + "\(committedUnreported) after a commit that was not yet reported), \(failures.count) failures (\(ContinuousClock.now - began))"
    )
  }

  /// The Japan/Peru favorites after `steps` changes of the add-both, remove-Japan, remove-Peru cycle.
  static func stateAfter(_ steps: Int, from start: Set<String>) -> Set<String> {
    guard steps > 0 else { return start }
    switch steps % 3 {
    case 1: return ["Japan", "Peru"]
    case 2: return ["Peru"]
    default: return []
    }
  }

  // MARK: - Corruption and unusable directories

  @Test func garbageOverTheStateDatabaseIsSetAsideWithOneWarning() throws {
    #expect(try ctry("-c", "favorites add Egypt").status == 0)
    let garbage = Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) })
    try garbage.write(to: URL(fileURLWithPath: "\(directory)/state.sqlite"))

    let details = try ctry("--format", "plain", "-c", "search --capital lima")
    #expect(details.out == "Peru\n" && details.err.isEmpty, "commands that don't use the state don't open it")

    let first = try ctry("--format", "plain", "-c", "favorites add Japan", "-c", "favorites")
    #expect(first.status == 0)
    #expect(first.out == "Added Japan (1/5).\nJapan\n")
    let warnings = first.err.split(separator: "\n")
    #expect(warnings.count == 1, "one warning line: \(first.err)")
    #expect(first.err.hasPrefix("warning: \(directory)/state.sqlite is not a usable database"))
    let moved = try #require(filesIn(directory).first { $0.hasPrefix("state.sqlite.corrupt-") })
    #expect(first.err.contains(moved))
    #expect(FileManager.default.contents(atPath: "\(directory)/\(moved)") == garbage, "set aside byte for byte")

    let again = try ctry("--format", "plain", "favorites")
    #expect(again.out == "Japan\n" && again.err.isEmpty)
  }

  /// Three processes find the same garbage at once: one sets it aside, the others use the new
  /// database it made (the check is repeated under a lock on the directory), and no one's favorite
  /// is lost or set aside with a second copy.
  @Test(.tags(.stress)) func writersThatFindGarbageTogetherSetItAsideOnce() async throws {
    var failures: [String] = []
    for trial in StressTrials(minimum: 2, maximum: 8) {
      let directory = TestPaths.preparedDirectory()
      try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: "\(directory)/state.sqlite"))
      let statuses = try await Self.together(
        directory, ["Egypt", "Japan", "Peru"].map { ["-c", "favorites add \($0)"] })
      let (codes, warnings) = try await storedCodes(in: directory)
      let setAside = filesIn(directory).filter { $0.hasPrefix("state.sqlite.corrupt-") }
      if statuses != [0, 0, 0] || Set(codes) != ["EGY", "JPN", "PER"] || setAside.count != 1 || !warnings.isEmpty {
        failures.append("trial \(trial): statuses \(statuses), favorites \(codes), set aside \(setAside)")
      }
    }
    #expect(failures.isEmpty, "\(failures)")
  }

  /// Processes and threads meet the same damage at once, over many trials: garbage, or a database
  /// with damaged pages and a `-wal` and `-shm` beside it. It is set aside once with them,
  /// everyone gets the new database, and nobody's connection outlives the file it uses.
  @Test(.tags(.stress)) func processesAndThreadsThatFindDamageTogetherRecoverItOnce() async throws {
    var failures: [String] = []
    var trials = 0
    for trial in StressTrials(minimum: 4, maximum: 24) {
      trials += 1
      let directory = TestPaths.preparedDirectory()
      let path = "\(directory)/state.sqlite"
      if trial.isMultiple(of: 2) {
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: path))
      } else {
        #expect(try ctry("-c", "favorites add Egypt", in: directory).status == 0)
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: max(Int(size) - 4096, 4096)))
        try handle.close()
        try Data(repeating: 0xFF, count: 32_768).write(to: URL(fileURLWithPath: path + "-shm"))
        try Data(repeating: 0x77, count: 4096).write(to: URL(fileURLWithPath: path + "-wal"))
      }
      let outcomes = try await onOwnThread { () throws -> [String] in
        let children = try ["Egypt", "Japan", "Peru"].map {
          try Subprocess(TestPaths.binary, ["--data-dir", directory, "-c", "favorites add \($0)"], stderr: .discard)
        }
        let results = Mutex<[String]>([])
        let group = DispatchGroup()
        for _ in 0..<3 {
          group.enter()
          Thread {
            let outcome: String
            do {
              outcome =
                try HomeStore(state: StateDatabase(directory: directory)).saved().warning == nil ? "quiet" : "warned"
            } catch {
              outcome = "failed: \(error)"
            }
            results.withLock { $0.append(outcome) }
            group.leave()
          }.start()
        }
        let statuses = children.map { "exit \($0.wait())" }
        group.wait()
        return statuses + results.withLock { $0 }
      }
      let (codes, _) = try await storedCodes(in: directory)
      let setAside = filesIn(directory).filter { $0.hasPrefix("state.sqlite.corrupt-") }
      if outcomes.contains(where: { $0.hasPrefix("failed") || ($0.hasPrefix("exit") && $0 != "exit 0") })
        || Set(codes) != ["EGY", "JPN", "PER"] || setAside.count != 1
      {
        failures.append("trial \(trial): \(outcomes), favorites \(codes), set aside \(setAside)")
      }
    }
    #expect(failures.isEmpty, "\(failures.count) of \(trials) trials: \(failures)")
  }

  /// A database another program made, or one whose tables are not ctry's, is refused in ctry's words
  /// (no SQLite phrase, no SQL) and left exactly as it was.
  @Test func aForeignDatabaseIsRefusedInOneLineAndLeftAlone() throws {
    let path = "\(directory)/state.sqlite"
    let made = try Subprocess.run(
      "/usr/bin/env",
      [
        "python3", "-c",
        "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('CREATE TABLE notes (body TEXT)'); c.commit()",
        path,
      ])
    try #require(made.status == 0, "\(made)")
    let before = try #require(FileManager.default.contents(atPath: path))
    // `home` still answers (the machine's country), with the warning; the others fail with it.
    for (arguments, status) in [(["home"], Int32(0)), (["favorites"], 1), (["favorites", "add", "Peru"], 1)] {
      let result = try ProcessRunner.ctry(["--data-dir", directory] + arguments, directory: directory)
      #expect(result.status == status && result.err.split(separator: "\n").count == 1, "\(arguments): \(result)")
      #expect(result.err.contains("is not a ctry state database"), "\(result.err)")
      #expect(!result.err.contains("prepare") && !result.err.contains("SELECT") && !result.err.contains("INSERT"))
    }
    #expect(FileManager.default.contents(atPath: path) == before, "not written into")
  }

  @Test func garbageIsReportedByHomeToo() throws {
    #expect(try ctry("home", "Germany").status == 0)
    try Data("not a database at all, not even close".utf8).write(
      to: URL(fileURLWithPath: "\(directory)/state.sqlite"))
    let home = try ctry("--format", "plain", "home")
    #expect(home.status == 0 && home.out.contains("Egypt"), "back to the inferred home")
    #expect(home.err.split(separator: "\n").count == 1 && home.err.contains("is not a usable database"))
  }

  @Test func anUnusableDataDirectoryFailsFavoritesInOneLineAndReadingStillWorks() throws {
    let notADirectory = "\(directory)/plain-file"
    try Data("x".utf8).write(to: URL(fileURLWithPath: notADirectory))
    let environment = [
      "HOME": directory, "XDG_DATA_HOME": notADirectory, "XDG_CACHE_HOME": "\(directory)/cache",
      "XDG_STATE_HOME": "\(directory)/state", "XDG_CONFIG_HOME": "\(directory)/config",
    ]
    func run(_ arguments: String...) throws -> ProcessRunner.Result {
      try ProcessRunner.ctry(arguments, environment: environment, directory: directory)
    }
    for command in ["favorites add Egypt", "favorites", "favorites clear --yes", "home Germany"] {
      let result = try run("-c", command)
      #expect(result.status == 1, "\(command)")
      #expect(result.err.split(separator: "\n").count == 1, "\(command): \(result.err)")
      #expect(result.err.hasPrefix("cannot use the data directory \(notADirectory)/ctry"), "\(command): \(result.err)")
      #expect(result.out.isEmpty)
    }
    let search = try run("--format", "plain", "search", "--capital", "helsinki")
    #expect(search.status == 0 && search.out == "Finland\n" && search.err.isEmpty)
    let home = try run("--format", "plain", "home")
    #expect(home.status == 0 && home.out.contains("Egypt"))
    #expect(home.err.hasPrefix("warning: cannot use the data directory"))
  }
}
