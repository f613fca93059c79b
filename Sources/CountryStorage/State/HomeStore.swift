import CtrySystem
import FoundationEssentials

/// The saved home country, kept in the state database (`StateDatabase`): each call one transaction,
/// as `FavoritesStore`'s are.
public struct HomeStore: Sendable {
  public let state: StateDatabase
  /// The database file.
  public var path: String { state.path }

  public init(state: StateDatabase) {
    self.state = state
  }

  /// The saved cca3 code, or `nil`; `warning` is set when an unusable file had to be moved aside.
  public func saved() throws(CtryError) -> (code: String?, warning: String?) {
    let code = try state.read { database in
      try database.text("SELECT code FROM home WHERE id = 1")
    }
    let warnings = state.drainWarnings()
    return (code ?? nil, warnings.isEmpty ? nil : warnings.joined(separator: "\n"))
  }

  public func save(_ code: String) throws(CtryError) {
    try state.write { database in
      let upsert = try database.prepare("INSERT OR REPLACE INTO home (id, code) VALUES (1, ?)")
      try upsert.bind(1, code)
      try upsert.run()
    }
  }

  /// Forgets the saved choice; returns whether there was one.
  @discardableResult
  public func reset() throws(CtryError) -> Bool {
    try state.writeIfExists { database in
      try database.execute("DELETE FROM home")
      return database.changes > 0
    } ?? false
  }
}
