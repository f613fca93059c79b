import CtrySystem

/// What the user's state refused (a `CtryError`'s fact, for the shell to word the way out).
public enum StateProblem: CtryError.Fact {
  /// Adding would take the favorites past `limit`.
  case favoritesFull(limit: Int)
  /// `code` is not a favorite.
  case notAFavorite(code: String)
  /// The data directory cannot hold the state database.
  case dataDirectoryUnusable(directory: String)
}
