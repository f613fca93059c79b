import CountryModel
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
  package func holdsSecret(_ line: String) -> Bool {
    secretWords(line) != nil
  }

  /// What `set echo on` prints of `line` after `+ `: the line with URLs' secrets redacted or, for a
  /// line that holds a secret, its words up to the setting's name, then `…`.
  package func echoed(_ line: String) -> String {
    guard let words = secretWords(line) else { return URLRedaction.redactingURLs(in: line) }
    return words.map(Tokenizer.quote).joined(separator: " ") + " …"
  }

  /// The words of `line` as it runs, up to and including the first that names the secret setting;
  /// nil when none does.
  private func secretWords(_ line: String) -> ArraySlice<String>? {
    let expanded =
      (try? Expansion.expand(line, arguments: ScriptStack.current?.arguments ?? [], variables: settings.variables))
      ?? line
    let typed = Tokenizer.scan(expanded).tokens.map(\.value)
    let resolved = (try? expandAliases(typed)) ?? typed
    for words in [resolved, typed] {
      if let at = words.firstIndex(where: { $0.lowercased().contains(Self.secretSetting) }) { return words[...at] }
    }
    return nil
  }
}
