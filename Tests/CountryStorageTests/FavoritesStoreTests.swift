import CountryStorage
import CtrySystem
import CtryTestSupport
import Foundation
import Testing

@Suite struct FavoritesStoreTests {
  let directory = TestPaths.temporaryDirectory()
  var path: String { "\(directory)/state.sqlite" }
  func store() -> FavoritesStore { FavoritesStore(state: StateDatabase(directory: directory)) }

  @Test func addsInOrderAndPersists() async throws {
    let store = store()
    let result = try store.add(["EGY", "DEU"])
    #expect(result.added == ["EGY", "DEU"] && result.duplicates.isEmpty)
    #expect(try await self.store().list() == ["EGY", "DEU"], "a new store reads the same database")
  }

  @Test func ignoresDuplicatesWithANote() async throws {
    let store = store()
    _ = try store.add(["EGY"])
    let result = try store.add(["EGY", "FRA", "FRA", "EGY"])
    #expect(result.added == ["FRA"], "a code given twice is added once")
    #expect(result.duplicates == ["EGY"], "only a code that was a favorite before, once")
    #expect(try await store.list() == ["EGY", "FRA"])
  }

  @Test func refusesASixthAndChangesNothing() async throws {
    let store = store()
    _ = try store.add(["EGY", "DEU", "FRA", "JPN", "BRA"])
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    await #expect(throws: CtryError.self) { try await store.add(["ITA"]) }
    let after = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(before == after, "the database is byte-for-byte unchanged")
    do {
      _ = try store.add(["ITA"])
    } catch {
      #expect(error.exitCode == 1 && error.kind == .refused)
    }
    #expect(try await store.list() == ["EGY", "DEU", "FRA", "JPN", "BRA"])
  }

  @Test func removeAndClear() async throws {
    let store = store()
    _ = try store.add(["EGY", "DEU"])
    try store.remove("EGY")
    #expect(try await store.list() == ["DEU"])
    await #expect(throws: CtryError.self) { try await store.remove("EGY") }
    #expect(try await store.clear() == 1)
    #expect(try await store.list().isEmpty)
  }

  @Test func orderSurvivesRemovalsAndReadding() async throws {
    let store = store()
    _ = try store.add(["EGY", "DEU", "FRA"])
    try store.remove("DEU")
    _ = try store.add(["DEU"])
    #expect(try await store.list() == ["EGY", "FRA", "DEU"])
  }

  @Test func readingCreatesNothing() async throws {
    let store = store()
    #expect(try await store.list().isEmpty)
    #expect(try await store.clear() == 0)
    await #expect(throws: CtryError.self) { try await store.remove("EGY") }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
  }

  @Test func writesLeaveOnlyTheDatabaseAndItsLock() async throws {
    let store = store()
    for code in ["EGY", "DEU", "FRA"] { _ = try store.add([code]) }
    let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(files == ["state.sqlite", "state.sqlite.lock"], "the journal is removed as each change commits")
  }

  @Test func anUnwritableDirectoryIsAClearError() async throws {
    let store = FavoritesStore(state: StateDatabase(directory: "/proc/ctry-cannot-write-here"))
    await #expect(throws: CtryError.self) { try await store.add(["EGY"]) }
    let notADirectory = FavoritesStore(state: StateDatabase(directory: "/etc/passwd/ctry"))
    do {
      _ = try notADirectory.list()
      Issue.record("listing under a file should fail")
    } catch {
      #expect(error.kind == .io && error.message.hasPrefix("cannot use the data directory /etc/passwd/ctry"))
      #expect(!error.description.contains("\n"))
    }
  }

  /// Kill -9 between the temporary file and the rename.
  @Test func temporaryFilesOfDeadProcessesAreRemoved() throws {
    let dead = "\(directory)/.favorites.json.tmp-99999999-12345"
    let alive = "\(directory)/.favorites.json.tmp-\(getpid())-678"
    let other = "\(directory)/.hidden-user-file"
    for file in [dead, alive, other] { try Data("x".utf8).write(to: URL(fileURLWithPath: file)) }
    #expect(AtomicFile.removeStaleTemporaries(in: directory) == 1)
    #expect(!FileManager.default.fileExists(atPath: dead))
    #expect(FileManager.default.fileExists(atPath: alive), "a running process's file is its own")
    #expect(FileManager.default.fileExists(atPath: other))
  }
}
