import CtrySystem

/// No country answers `query` (a `CtryError`'s fact, for the shell to word the way out): `suggestions`
/// are close names, `searchFinds` whether a search for `query` finds anything.
public struct UnknownCountry: CtryError.Fact {
  public var query: String
  public var suggestions: [String]
  public var searchFinds: Bool

  public init(query: String, suggestions: [String], searchFinds: Bool) {
    self.query = query
    self.suggestions = suggestions
    self.searchFinds = searchFinds
  }
}
