import CSQLite
import CtryTestSupport
import Foundation
import Testing

@testable import CountryStorage
@testable import CtrySystem

/// The catalog snapshot and the state database share one SQLite wrapper.
@Suite struct OneSQLiteWrapperTests {
  struct Refused: Error {}

  /// A body with its own error type rolls back and throws that error unchanged.
  @Test func transactionWithItsOwnErrorsRollsBack() throws {
    let database = try SQLiteDatabase.inMemory()
    try database.execute("CREATE TABLE t(x INTEGER)")
    #expect(throws: Refused.self) {
      try database.transaction(immediate: true, mapError: { _ in Refused() }) { () throws(Refused) in
        do { try database.execute("INSERT INTO t VALUES (1)") } catch { Issue.record("\(error)") }
        throw Refused()
      }
    }
    #expect(try database.integer("SELECT count(*) FROM t") == 0)
    #expect(try database.text("SELECT 'ok'") == "ok")
    #expect(try database.text("SELECT NULL") == nil)
  }

  /// The state database's SQLite failures reach the user as `CtryError`s naming the file.
  @Test func stateDatabaseNamesTheFileInSQLiteErrors() throws {
    let state = StateDatabase(directory: TestPaths.temporaryDirectory())
    let busy = state.ctryError(SQLiteError(code: SQLITE_BUSY, message: "database is locked", context: "step"))
    #expect(busy.message == "\(state.path) is busy: another ctry kept it locked too long")
    let refused = CtryError(.io, "own")
    #expect(state.ctryError(refused).message == "own")
  }
}
