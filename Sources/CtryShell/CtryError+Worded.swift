import CountryModel
import CountryNetwork
import CountryStorage
import CtrySystem

extension CtryError {
  /// The error in the shell's words for what happened (`fact`): the way out is often a command, flag
  /// or setting, which only the shell names. A hint the core gave is kept.
  package var worded: CtryError {
    guard let fact else { return self }
    var worded = self
    if let problem = fact as? ServerProblem {
      // The way out follows the statement of the problem, inside the message.
      worded.message = problem.worded(message)
    } else if hint == nil {
      worded.hint = Self.hint(for: fact)
    }
    return worded
  }

  /// The way out of each fact the layers below declare: `UnknownCountry` (CountryModel),
  /// `StateProblem` (CountryStorage), `UnusableServerURL` (CountryNetwork; its `ServerProblem` is
  /// worded inside the message).
  static func hint(for fact: any Fact) -> String? {
    switch fact {
    case let unknown as UnknownCountry:
      // Suggest only what answers: a search is offered only when it finds something.
      if let suggested = Suggest.hint(unknown.suggestions) { return suggested }
      return unknown.searchFinds
        ? "try 'search \(unknown.query)'" : "try 'search' with part of the name, or 'search --capital CITY'"
    case let problem as StateProblem:
      switch problem {
      case .favoritesFull: return "remove one first with 'favorites remove COUNTRY'"
      case .notAFavorite: return "see 'favorites list'"
      case .dataDirectoryUnusable: return "make it writable, or choose another with XDG_DATA_HOME or --data-dir"
      }
    case is UnusableServerURL: return "e.g. --api http://localhost:8080/v3.1"
    default: return nil
    }
  }
}
