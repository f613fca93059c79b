#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The saved home country, kept in the state database (`StateDatabase`).
public struct HomeStore: Sendable {
  public let state: StateDatabase
  /// The database file.
  public var path: String { state.path }

  public init(state: StateDatabase) {
    self.state = state
  }

  /// The saved cca3 code, or `nil`; `warning` is set when an unusable file had to be moved aside.
  public func saved() throws(CtryError) -> (code: String?, warning: String?) {
    let code = try state.read { connection throws(CtryError) in
      try connection.scalarText("SELECT code FROM home WHERE id = 1")
    }
    let warnings = state.drainWarnings()
    return (code ?? nil, warnings.isEmpty ? nil : warnings.joined(separator: "\n"))
  }

  public func save(_ code: String) throws(CtryError) {
    try state.write { connection throws(CtryError) in
      let upsert = try connection.prepare("INSERT OR REPLACE INTO home (id, code) VALUES (1, ?)")
      try upsert.bind(code, at: 1)
      try upsert.step()
    }
  }

  /// Forgets the saved choice; returns whether there was one.
  @discardableResult
  public func reset() throws(CtryError) -> Bool {
    try state.writeIfExists { connection throws(CtryError) in
      try connection.execute("DELETE FROM home")
      return connection.changes > 0
    } ?? false
  }
}
