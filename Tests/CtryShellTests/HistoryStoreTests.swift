import CtryShell
import CtrySystem
import CtryTestSupport
import Foundation
import Synchronization
import Testing

@Suite struct HistoryStoreTests {
  let path = TestPaths.temporaryDirectory() + "/state/history"

  func file() -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

  @Test func recordsAndPersistsEachLineAtOnce() {
    let store = HistoryStore(path: path)
    #expect(store.record("details Egypt"))
    #expect(file() == "details Egypt\n", "written before the next line is read")
    #expect(store.record("search x"))
    #expect(HistoryStore(path: path).load() == ["details Egypt", "search x"])
  }

  @Test func aLineOfInvalidUTF8IsSkippedAndTheRestKept() throws {
    try AtomicFile.ensureDirectory((path as NSString).deletingLastPathComponent)
    var bytes = Data("details Egypt\n".utf8)
    bytes += Data([0x73, 0x65, 0xFF, 0xFE, 0x0A])
    bytes += Data("search x\n".utf8)
    try bytes.write(to: URL(fileURLWithPath: path))
    #expect(HistoryStore(path: path).load() == ["details Egypt", "search x"])
  }

  /// A symbolic link planted at the history's path is neither written through nor read: the file
  /// it points to stays as it was, and history is kept for the session only, after one line.
  @Test func aSymbolicLinkAtThePathIsNeitherWrittenThroughNorRead() throws {
    try AtomicFile.ensureDirectory((path as NSString).deletingLastPathComponent)
    let target = TestPaths.temporaryDirectory() + "/authorized_keys"
    try "precious\n".write(toFile: target, atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    let warnings = Mutex<[String]>([])
    let store = HistoryStore(path: path, limit: 1, warn: { line in warnings.withLock { $0.append(line) } })
    #expect(store.load().isEmpty, "the other file is not read as history")
    #expect(store.record("details Egypt"))
    #expect(store.record("search x"))
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious\n", "the other file is untouched")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == target)
    #expect(store.entries == ["search x"], "kept for the session")
    #expect(warnings.withLock { $0 } == ["ctry: not keeping history in \(path): it is a symbolic link"])
  }

  @Test func setAPIWithCredentialsIsNotRecorded() {
    let store = HistoryStore(path: path)
    #expect(!store.record("set api https://ada:s3cret@mirror.example/v3.1"))
    #expect(!store.record("set api https://mirror.example/v3.1?key=s3cret"))
    #expect(store.record("set api https://mirror.example/v3.1"))
    #expect(!file().contains("s3cret"))
  }

  /// A line longer than a command may be (a 2 MiB paste) is not kept, so a
  /// thousand of them cannot make a history of gigabytes that every start reads.
  @Test func aLineLongerThanACommandMayBeIsNotRecorded() {
    let store = HistoryStore(path: path)
    #expect(!store.record("echo " + String(repeating: "x", count: 2 * 1_048_576)))
    #expect(store.record("echo " + String(repeating: "x", count: 1000)))
    #expect(file().utf8.count == 1006)
  }

  @Test func skipsBlankSpaceLedAndRepeatedLines() {
    let store = HistoryStore(path: path)
    #expect(!store.record(""))
    #expect(!store.record(" secret"))
    #expect(store.record("a"))
    #expect(!store.record("a"))
    #expect(store.record("b"))
    #expect(store.record("a"))
    #expect(store.entries == ["a", "b", "a"])
    #expect(file() == "a\nb\na\n")
  }

  @Test func twoShellsBothKeepTheirLines() {
    let first = HistoryStore(path: path)
    let second = HistoryStore(path: path)
    first.load()
    second.load()
    first.record("from first")
    second.record("from second")
    first.record("first again")
    #expect(Set(HistoryStore(path: path).load()) == ["from first", "from second", "first again"])
  }

  @Test func keepsAtMostTheLimit() {
    let store = HistoryStore(path: path, limit: 3)
    for number in 1...10 { store.record("line \(number)") }
    #expect(store.entries == ["line 8", "line 9", "line 10"])
    let reloaded = HistoryStore(path: path, limit: 3)
    #expect(reloaded.load() == ["line 8", "line 9", "line 10"])
    #expect(file() == "line 8\nline 9\nline 10\n", "an overgrown file is trimmed on load")
  }
}
