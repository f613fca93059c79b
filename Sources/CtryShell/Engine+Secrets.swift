import CountryModel
import CtryGrammar
import CtrySystem

extension Engine {
  /// The setting whose value is a secret: a line that names it is never kept in history nor echoed.
  static let secretSetting = "api-key"

  /// Whether `line`, as it would run, names the secret setting (`set api-key KEY`), however it is
  /// spelled: quoted or escaped (`set 'api'-key`, `set api\-key`), through an alias or a variable
  /// (`${k}`), or in an alias's definition. The judgement is made on the words the line runs as, after
  /// `$` expansion, quoting, escapes and aliases; a line that does not split (a quote left open) is
  /// judged on the words of the lenient scan that completion uses. Cautious by design: any word that
  /// contains the setting's name counts, whatever the command.
  /// `arguments` are what `$1`… stand for: the running script's, unless given.
  package func holdsSecret(_ line: String, arguments: [String]? = nil) -> Bool {
    secretWords(line, arguments: arguments ?? ScriptStack.current?.arguments ?? []) != nil
  }

  /// What `set echo on` prints of `line`, run with `arguments` for `$1`…, after `+ `: the line with
  /// URLs' secrets redacted or, for a line that holds a secret, its words up to the setting's name,
  /// then `…`.
  package func echoed(_ line: String, arguments: [String]) -> String {
    guard let words = secretWords(line, arguments: arguments) else { return URLRedaction.redactingURLs(in: line) }
    return words.map(Tokenizer.quote).joined(separator: " ") + " …"
  }

  /// The words of `line` as it runs, up to the first that names the secret setting, that word cut
  /// after the name; nil when no word names it.
  private func secretWords(_ line: String, arguments: [String]) -> [String]? {
    let expanded = (try? Expansion.expand(line, arguments: arguments, variables: settings.variables)) ?? line
    let typed = Tokenizer.scan(expanded).tokens.map(\.value)
    let resolved = (try? expandAliases(typed)) ?? typed
    for words in [resolved, typed] {
      for (at, word) in words.enumerated() {
        if let end = Self.endOfSecretSetting(in: word) { return words[..<at] + [String(word.utf8[..<end]) ?? ""] }
      }
    }
    return nil
  }

  /// Where the secret setting's name ends in `word` (ASCII letters in any case), or nil.
  private static func endOfSecretSetting(in word: String) -> String.Index? {
    func lowercased(_ byte: UInt8) -> UInt8 { (65...90).contains(byte) ? byte + 32 : byte }
    let name = Array(secretSetting.utf8)
    let bytes = word.utf8
    var start = bytes.startIndex
    while start != bytes.endIndex {
      var at = start
      var matched = 0
      while matched < name.count, at != bytes.endIndex, lowercased(bytes[at]) == name[matched] {
        matched += 1
        at = bytes.index(after: at)
      }
      if matched == name.count { return at }
      start = bytes.index(after: start)
    }
    return nil
  }
}
