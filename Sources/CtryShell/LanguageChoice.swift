import CountryModel
import CtrySystem

/// The language country names are shown in, for one command line: its `--lang CODE` (or ctry's,
/// before the command), else `set language CODE`, else the locale (LC_ALL, LC_MESSAGES, LANG: the
/// first that is set), else English. English names are the data's own, so a run in English reads no
/// table; another language's are `CountryNames`' (names.tsv). A code typed for `--lang` or `set
/// language` that the table lacks is a usage error; a locale whose language it lacks is English.
package enum LanguageChoice {
  /// The data's own language.
  package static let english = "en"

  /// `fr_FR.UTF-8` → `fr`, `de-CH` → `de`, `FR` → `fr`: the language part, lowercased.
  package static func normalized(_ typed: String) -> String {
    let end = typed.firstIndex { $0 == "_" || $0 == "-" || $0 == "." || $0 == "@" } ?? typed.endIndex
    return typed[..<end].lowercased()
  }

  /// The language the environment's locale names, nil for none, C or POSIX. As for LC_MESSAGES
  /// itself, the first of LC_ALL, LC_MESSAGES and LANG that is set and not empty decides.
  package static func locale(_ environment: [String: String]) -> String? {
    guard
      let value = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty })
    else { return nil }
    let code = normalized(value)
    guard !code.isEmpty, code != "c", code != "posix", code.utf8.allSatisfy({ (0x61...0x7A).contains($0) }) else {
      return nil
    }
    return code
  }

  /// A code typed for `--lang` or `set language`, checked: `en`, or a language of the table, as its code.
  /// Another is a usage error that suggests the nearest code (or the code of a language typed by its
  /// English name: `french` → `fr`).
  package static func checked(_ typed: String) throws(CtryError) -> String {
    let code = normalized(typed)
    if code == english { return english }
    let table = try CountryNames.bundled()
    if table.has(code) { return code }
    let echoed = EchoedInput.shortened(typed)
    let codes = [english] + table.languages.map(\.code)
    let named = table.languages.first { $0.name.lowercased() == typed.lowercased() }.map(\.code)
    let hint =
      Suggest.hint([named ?? Suggest.closest(to: code, among: codes)].compactMap { $0 })
      ?? "give a language code such as fr, de or ja"
    throw CtryError.usage("unknown language '\(echoed)'", hint: hint)
  }

  /// The names one line shows: `flag` (the line's `--lang`) first, then the settings. Nil for English.
  package static func names(flag: String?, settings: Settings) throws(CtryError) -> LocalNames? {
    if let typed = flag ?? settings.language {
      let code = try checked(typed)
      return code == english ? nil : try CountryNames.bundled().names(in: code)
    }
    guard let code = settings.localeLanguage, code != english else { return nil }
    // A locale is a preference: a language without names, or no table at hand, is English.
    guard let table = try? CountryNames.bundled() else { return nil }
    return try? table.names(in: code)
  }

  /// Every code `--lang` and `set language` take, for completion: English and the table's (none of
  /// the table's when it cannot be read).
  package static func codes() -> [String] {
    [english] + ((try? CountryNames.bundled().languages.map(\.code)) ?? [])
  }
}
