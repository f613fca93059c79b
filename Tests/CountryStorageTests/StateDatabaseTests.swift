import CountryStorage
import CtryTestSupport
import Foundation
import Synchronization
import Testing

@Suite struct StateDatabaseTests {
  let directory = TestPaths.temporaryDirectory()
  var path: String { "\(directory)/state.sqlite" }
  var state: StateDatabase { StateDatabase(directory: directory) }

  func files() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
  }

  func write(_ text: String, to name: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: "\(directory)/\(name)"))
  }

  @Test func garbageIsSetAsideWithOneWarningAndANewDatabaseMade() async throws {
    _ = try FavoritesStore(state: state).add(["EGY"])
    let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
    try garbage.write(to: URL(fileURLWithPath: path))
    let state = self.state
    let store = FavoritesStore(state: state)
    #expect(try await store.list().isEmpty)
    let warnings = state.drainWarnings()
    #expect(warnings.count == 1, "\(warnings)")
    #expect(warnings.first?.hasPrefix("warning: \(path) is not a usable database (file is not a database)") == true)
    let moved = try #require(try files().first { $0.hasPrefix("state.sqlite.corrupt-") })
    #expect(FileManager.default.contents(atPath: "\(directory)/\(moved)") == garbage, "set aside, not overwritten")
    _ = try store.add(["PER"])
    #expect(try await store.list() == ["PER"])
    #expect(state.drainWarnings().isEmpty)
  }

  /// Threads that find the same garbage at the same moment: exactly one sets it aside and warns;
  /// the others find the new database (the check is repeated under a lock on the directory).
  @Test func readersThatFindGarbageTogetherSetItAsideOnce() throws {
    var failures: [String] = []
    for trial in 0..<20 {
      let directory = TestPaths.temporaryDirectory()
      try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: "\(directory)/state.sqlite"))
      let outcomes = Mutex<[String]>([])
      let go = DispatchSemaphore(value: 0)
      let group = DispatchGroup()
      for _ in 0..<4 {
        let thread = Thread {
          go.wait()
          let state = StateDatabase(directory: directory)
          let outcome: String
          do {
            outcome = try HomeStore(state: state).saved().warning == nil ? "quiet" : "warned"
          } catch {
            outcome = "failed: \(error)"
          }
          outcomes.withLock { $0.append(outcome) }
          group.leave()
        }
        group.enter()
        thread.start()
      }
      for _ in 0..<4 { go.signal() }
      group.wait()
      let results = outcomes.withLock { $0 }.sorted()
      let setAside = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains(".corrupt-") }
      if results != ["quiet", "quiet", "quiet", "warned"] || setAside.count != 1 {
        failures.append("trial \(trial): \(results), set aside \(setAside)")
      }
    }
    #expect(failures.isEmpty, "\(failures)")
  }

  /// A damaged database is not moved, nor its journal, while another connection to it is open: the
  /// reader that found the damage waits for the exclusive lock, and sets it aside once the other
  /// operation has ended.
  @Test func aDamagedDatabaseStaysWhileAnotherConnectionIsOpen() async throws {
    _ = try FavoritesStore(state: state).add(["EGY", "DEU"])
    let (state, directory, path) = (self.state, self.directory, self.path)
    let files: @Sendable () throws -> [String] = {
      try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }
    // On threads of its own: the waits below would otherwise hold the test runner's shared threads.
    let (whileOpen, afterwards, finderOutcome) = try await onOwnThread { () throws -> ([String], [String], String) in
      let entered = DispatchSemaphore(value: 0)
      let release = DispatchSemaphore(value: 0)
      Thread {
        _ = try? state.read { _ in
          entered.signal()
          release.wait()
        }
      }.start()
      entered.wait()
      try Damage.pagesAfterTheFirst(of: path)
      // The finder waits for the lock as long as it takes: this test is about order, not time.
      let finished = DispatchSemaphore(value: 0)
      let outcome = Mutex("")
      Thread {
        let finder = StateDatabase(directory: directory, busyTimeout: .seconds(600))
        let found = Result { try HomeStore(state: finder).saved() }
        outcome.withLock { $0 = (try? found.get().warning) == nil ? "\(found)" : "warned" }
        finished.signal()
      }.start()
      // However long the finder has had, nothing has moved while the connection is open.
      usleep(300_000)
      let whileOpen = try files()
      release.signal()
      finished.wait()
      return (whileOpen, try files(), outcome.withLock { $0 })
    }
    #expect(whileOpen.contains("state.sqlite") && !whileOpen.contains { $0.contains(".corrupt-") }, "\(whileOpen)")
    // Once it has closed, the damage is set aside and a new database is made.
    #expect(finderOutcome == "warned")
    #expect(afterwards.contains { $0.hasPrefix("state.sqlite.corrupt-") }, "\(afterwards)")
    #expect(try await FavoritesStore(state: StateDatabase(directory: directory)).list().isEmpty)
  }

  @Test func damagedPagesFailTheCheckAndAreSetAside() async throws {
    let store = FavoritesStore(state: state)
    _ = try store.add(["EGY", "DEU"])
    try HomeStore(state: state).save("JPN")
    try Damage.pagesAfterTheFirst(of: path)
    let state = self.state
    let saved = try HomeStore(state: state).saved()
    #expect(saved.code == nil)
    let warning = try #require(saved.warning, "the home store passes the warning on")
    #expect(warning.contains("is not a usable database") && !warning.contains("\n"), "\(warning)")
    #expect(state.drainWarnings().isEmpty, "drained once")
    #expect(try files().contains { $0.hasPrefix("state.sqlite.corrupt-") })
    #expect(try await FavoritesStore(state: state).list().isEmpty)
  }

  @Test func aDatabaseFromANewerCtryIsRefusedNotReplaced() async throws {
    _ = try FavoritesStore(state: state).add(["EGY"])
    try DatabaseHeader.setUserVersion(path, 99)
    do {
      _ = try FavoritesStore(state: state).list()
      Issue.record("a newer format should be refused")
    } catch {
      #expect(error.message.contains("written by a newer ctry"))
    }
    #expect(try files() == ["state.sqlite", "state.sqlite.lock"])
  }
}

/// The journal and the checks made once for each state of the file.
@Suite struct StateDatabaseJournalTests {
  let directory = TestPaths.temporaryDirectory()
  var path: String { "\(directory)/state.sqlite" }

  func files() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
  }

  func journalMode() throws -> String? {
    try SQLiteDatabase(path: path, mode: .readOnly).text("PRAGMA journal_mode")
  }

  /// Reading a database creates no file beside it.
  @Test func readingLeavesNoFileBehind() async throws {
    let state = StateDatabase(directory: directory)
    _ = try FavoritesStore(state: state).add(["EGY"])
    try HomeStore(state: state).save("JPN")
    for _ in 0..<3 {
      #expect(try await FavoritesStore(state: state).list() == ["EGY"])
      #expect(try HomeStore(state: state).saved().code == "JPN")
      #expect(try files() == ["state.sqlite", "state.sqlite.lock"])
    }
  }

  /// A damaged database with a journal beside it: the new database never takes the old journal for
  /// its own. (A journal that is no valid hot journal, as here, SQLite removes as it opens the file;
  /// a valid one whose rollback fails is moved aside with the database.)
  @Test func aDamagedDatabaseLeavesNoJournalForTheNewOne() async throws {
    _ = try FavoritesStore(state: StateDatabase(directory: directory)).add(["EGY"])
    let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
    try garbage.write(to: URL(fileURLWithPath: path))
    try garbage.write(to: URL(fileURLWithPath: path + "-journal"))
    let state = StateDatabase(directory: directory)
    #expect(try await FavoritesStore(state: state).list().isEmpty)
    #expect(state.drainWarnings().count == 1)
    let names = try files()
    #expect(!names.contains("state.sqlite-journal"), "\(names)")
    #expect(names.contains { $0.hasPrefix("state.sqlite.corrupt-") }, "\(names)")
    _ = try FavoritesStore(state: state).add(["PER"])
    #expect(try await FavoritesStore(state: state).list() == ["PER"])
  }

  /// A store whose database holds EGY and DEU, read twice after the 50 ms within which a change is not
  /// remembered: checked, remembered, and its connection kept.
  func rememberedStore() async throws -> (StateDatabase, FavoritesStore) {
    let state = StateDatabase(directory: directory)
    let store = FavoritesStore(state: state)
    _ = try store.add(["EGY", "DEU"])
    try await Task.sleep(for: .milliseconds(120))
    #expect(try await store.list() == ["EGY", "DEU"])
    #expect(try await store.list() == ["EGY", "DEU"])
    return (state, store)
  }

  /// A process keeps its last connection for the next operation, but only for the same file: once
  /// another process has moved the database away and made a new one, the next read reads the new one.
  @Test func aKeptConnectionServesOnlyTheFileItWasKeptWith() async throws {
    let (_, store) = try await rememberedStore()
    #expect(rename(path, path + ".moved") == 0)
    _ = try FavoritesStore(state: StateDatabase(directory: directory)).add(["PER"])
    #expect(try await store.list() == ["PER"])
    // And a change made in place by another process is read, not the kept connection's old view.
    try await Task.sleep(for: .milliseconds(120))
    #expect(try await store.list() == ["PER"])
    _ = try FavoritesStore(state: StateDatabase(directory: directory)).add(["JPN"])
    #expect(try await store.list() == ["PER", "JPN"])
  }

  /// An operation skips the checks only on the file it last found sound, unchanged: damage that comes
  /// after a checked operation is found by the next one of the same process and set aside.
  @Test func damageAfterACheckedOperationIsStillFound() async throws {
    let (state, store) = try await rememberedStore()
    try Damage.pagesAfterTheFirst(of: path)
    #expect(try await store.list().isEmpty)
    let warnings = state.drainWarnings()
    #expect(warnings.count == 1 && warnings.first?.contains("is not a usable database") == true, "\(warnings)")
    #expect(try files().contains { $0.hasPrefix("state.sqlite.corrupt-") })
    _ = try store.add(["PER"])
    #expect(try await store.list() == ["PER"])
  }
}

/// Damages a database the way a bad disk would.
enum Damage {
  /// Keeps page 1 (the header and the schema) and scribbles over the table pages.
  static func pagesAfterTheFirst(of path: String) throws {
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    let size = try handle.seekToEnd()
    try #require(size > 4096)
    try handle.seek(toOffset: 4096)
    try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 4096))
    try handle.close()
  }
}

/// Edits a database header directly: `PRAGMA user_version` is the big-endian UInt32 at offset 60.
enum DatabaseHeader {
  static func setUserVersion(_ path: String, _ version: UInt32) throws {
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    try handle.seek(toOffset: 60)
    try handle.write(contentsOf: withUnsafeBytes(of: version.bigEndian) { Data($0) })
    try handle.close()
  }
}
