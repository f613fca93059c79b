import CountryModel
import CtrySystem

extension CtryError {
  /// The error in the shell's words for what happened (`fact`): the way out is often a command, flag
  /// or setting, which only the shell names. A hint the core gave is kept.
  package var worded: CtryError {
    guard let fact else { return self }
    var worded = self
    if case .serverProblem(let problem) = fact {
      // The way out follows the statement of the problem, inside the message.
      worded.message = problem.worded(message)
    } else if hint == nil {
      worded.hint = Self.hint(for: fact)
    }
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
    case .unusableServerURL: return "e.g. --api http://localhost:8080/v3.1"
    case .serverProblem: return nil
    }
  }
}
