import CSQLite
import CtryTestSupport
import Foundation
import Testing

@testable import CountryStorage
@testable import CtrySystem

@Suite struct SQLiteDatabaseTests {
  @Test func bindsAndReadsEveryKind() throws {
    let database = try SQLiteDatabase.inMemory()
    try database.execute("CREATE TABLE t(i INTEGER, d REAL, s TEXT, b BLOB, n TEXT)")
    let insert = try database.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?)")
    try insert.bind(1, 42)
    try insert.bind(2, 2.5)
    try insert.bind(3, "Côte d’Ivoire")
    try insert.bind(4, blob: [UInt8]([0, 1, 255]))
    try insert.bind(5, nil as String?)
    try insert.run()
    #expect(database.changes == 1)
    let select = try database.prepare("SELECT i, d, s, b, n FROM t")
    #expect(try select.step())
    #expect(select.int(0) == 42)
    #expect(select.double(1) == 2.5)
    #expect(select.text(2) == "Côte d’Ivoire")
    #expect(select.bytes(3) == [0, 1, 255])
    #expect(select.isNull(4) && select.text(4) == nil)
    #expect(try !select.step())
  }

  @Test func emptyBlobIsNotNull() throws {
    let database = try SQLiteDatabase.inMemory()
    try database.execute("CREATE TABLE t(b BLOB)")
    let insert = try database.prepare("INSERT INTO t VALUES (?)")
    try insert.bind(1, blob: [UInt8]())
    try insert.run()
    #expect(try database.integer("SELECT count(*) FROM t WHERE b IS NOT NULL") == 1)
  }

  @Test func transactionRollsBackWhenTheBodyThrows() throws {
    let database = try SQLiteDatabase.inMemory()
    try database.execute("CREATE TABLE t(x INTEGER UNIQUE)")
    #expect(throws: SQLiteError.self) {
      try database.transaction { () throws(SQLiteError) in
        try database.execute("INSERT INTO t VALUES (1)")
        try database.execute("INSERT INTO t VALUES (1)")
      }
    }
    #expect(try database.integer("SELECT count(*) FROM t") == 0)
  }

  @Test func errorsCarrySQLiteMessageAndCode() throws {
    let database = try SQLiteDatabase.inMemory()
    do {
      _ = try database.prepare("SELECT * FROM missing")
      Issue.record("expected an error")
    } catch {
      #expect(error.code == SQLITE_ERROR)
      #expect(error.message.contains("no such table"))
    }
  }

  @Test func garbageFileIsReportedAsCorruption() throws {
    let path = NSTemporaryDirectory() + "ctry-sqlite-\(UUID().uuidString)"
    try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      let database = try SQLiteDatabase(path: path, mode: .readOnly)
      _ = try database.quickCheckProblem()
      Issue.record("expected an error")
    } catch {
      #expect(error.isCorruption, "\(error)")
    }
  }
}
