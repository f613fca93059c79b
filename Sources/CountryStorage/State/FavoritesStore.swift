import CtrySystem
import FoundationEssentials

/// The user's favorite countries (at most five, by cca3, in the order they were added), kept in the
/// state database (`StateDatabase`).
///
/// Each change is one transaction that re-reads the favorites and checks the limit under the write
/// lock, so two shells never undo each other's edits and never exceed the limit together. Plain
/// synchronous calls, as `HomeStore`'s are: the database's transactions are what keeps the state
/// consistent, across threads and processes alike, and the shell's completion can read the list
/// without awaiting.
public struct FavoritesStore: Sendable {
  public static let limit = 5

  public let state: StateDatabase
  /// The database file.
  public var path: String { state.path }

  public init(state: StateDatabase) {
    self.state = state
  }

  /// The favorites, in the order they were added.
  public func list() throws(CtryError) -> [String] {
    try state.read { database in try Self.codes(database) } ?? []
  }

  /// Adds `codes` (already resolved cca3 codes) and returns the ones it added and the ones that were
  /// already favorites, each once: a code given twice is added once and is no duplicate.
  /// Nothing changes when the result would hold more than `limit`.
  public func add(_ codes: [String]) throws(CtryError) -> (added: [String], duplicates: [String]) {
    try state.write { database in
      let current = try Self.codes(database)
      var added: [String] = []
      var duplicates: [String] = []
      for code in codes where !added.contains(code) && !duplicates.contains(code) {
        if current.contains(code) {
          duplicates.append(code)
        } else {
          added.append(code)
        }
      }
      guard current.count + added.count <= Self.limit else {
        throw CtryError(
          .refused,
          "favorites are limited to \(Self.limit) (you have \(current.count), adding \(added.count) would make \(current.count + added.count)); nothing was changed",
          fact: StateProblem.favoritesFull(limit: Self.limit))
      }
      let insert = try database.prepare("INSERT INTO favorites (code) VALUES (?)")
      for code in added {
        try insert.bind(1, code)
        try insert.run()
      }
      return (added, duplicates)
    }
  }

  /// Removes one favorite; throws when it isn't one.
  public func remove(_ code: String) throws(CtryError) {
    let removed = try state.writeIfExists { database in
      let delete = try database.prepare("DELETE FROM favorites WHERE code = ?")
      try delete.bind(1, code)
      try delete.run()
      return database.changes > 0
    }
    guard removed == true else {
      throw CtryError(.notFound, "\(code) is not among your favorites", fact: StateProblem.notAFavorite(code: code))
    }
  }

  /// Removes every favorite and returns how many there were.
  @discardableResult
  public func clear() throws(CtryError) -> Int {
    try state.writeIfExists { database in
      try database.execute("DELETE FROM favorites")
      return database.changes
    } ?? 0
  }

  /// Warnings gathered since the last call (a state database or an old file set aside).
  public func drainWarnings() -> [String] {
    state.drainWarnings()
  }

  private static func codes(_ database: SQLiteDatabase) throws(SQLiteError) -> [String] {
    try database.prepare("SELECT code FROM favorites ORDER BY position").texts()
  }
}
