import CountryModel
import CtrySystem

extension CtryError {
  /// The error with the hint the shell gives for what happened (`fact`), when the core gave none:
  /// the way out is often a command, which only the shell names.
  package var worded: CtryError {
    guard hint == nil, let fact else { return self }
    var worded = self
    worded.hint = Self.hint(for: fact)
    return worded
  }

  static func hint(for fact: Fact) -> String? {
    switch fact {
    case .unknownCountry(let query, let suggestions, let searchFinds):
      // Suggest only what answers: a search is offered only when it finds something.
      if let suggested = Suggest.hint(suggestions) { return suggested }
      return searchFinds ? "try 'search \(query)'" : "try 'search' with part of the name, or 'search --capital CITY'"
    case .favoritesFull: return "remove one first with 'favorites remove COUNTRY'"
    case .notAFavorite: return "see 'favorites list'"
    case .dataDirectoryUnusable: return "make it writable, or choose another with XDG_DATA_HOME or --data-dir"
    }
  }
}
