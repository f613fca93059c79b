import CountryNetwork
import CtrySystem

extension APIError {
  /// The failure as the person at the keyboard reads it: the core's statement, with the way out
  /// (a setting, a flag, a command) after it when a change of configuration answers it.
  package var worded: String { problem.map { $0.worded(description) } ?? description }
}

extension ServerProblem {
  /// `text` with the way out right after the core's statement of the problem
  /// (`APIError.statement(of:)`); unchanged when the statement is not in it, as in a network status
  /// file written when the core still gave the words itself.
  package func worded(_ text: String) -> String {
    let statement = APIError.statement(of: self)
    guard let range = text.firstRange(of: statement) else { return text }
    var worded = text
    worded.replaceSubrange(range, with: statement + wayOut)
    return worded
  }

  /// What to change, worded to follow the statement.
  var wayOut: String {
    switch self {
    case .noAPIKey:
      return ": get one at \(APIFlavour.signUpURL) and set CTRY_API_KEY (or 'set api-key KEY'), "
        + "or point --api at a self-hosted v3.1 server"
    case .retiredServer(let version):
      return ": point --api at a self-hosted \(version) server, "
        + "or set CTRY_API_KEY (key at \(APIFlavour.signUpURL)) for v5"
    case .keyRejected: return ": check CTRY_API_KEY or 'set api-key'"
    case .nothingAtAddress: return ": check --api"
    }
  }
}
