import CountryModel
import CountryNetwork

extension APIKeyStore {
  /// Whether a command line sets a secret (`set api-key KEY`): such lines are never written to history
  /// nor echoed. The shell's, as it knows its own commands.
  package static func isSecret(_ line: String) -> Bool {
    let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
    return words.count >= 2 && words[0] == "set"
      && words[1].lowercased().trimming(while: { $0 == "'" || $0 == "\"" }) == "api-key"
  }
}
