import CountryModel
import CtryShell
import CtrySystem
import Testing

/// Which language a line's country names are in: its flag, then the setting, then the locale, then
/// English.
@Suite struct LanguageChoiceTests {
  @Test func theLocaleNamesItsLanguage() {
    #expect(LanguageChoice.locale(["LANG": "fr_FR.UTF-8"]) == "fr")
    #expect(LanguageChoice.locale(["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE"]) == "de")
    #expect(LanguageChoice.locale(["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE", "LC_ALL": "ja_JP"]) == "ja")
    #expect(LanguageChoice.locale(["LANG": "fr_FR.UTF-8", "LC_ALL": ""]) == "fr", "an empty variable is unset")
    #expect(LanguageChoice.locale(["LANG": "C.UTF-8"]) == nil)
    #expect(LanguageChoice.locale(["LANG": "POSIX"]) == nil)
    #expect(LanguageChoice.locale([:]) == nil)
    #expect(LanguageChoice.locale(["LANG": "../../etc"]) == nil)
  }

  @Test func typedCodesAreCheckedWithASuggestion() throws {
    #expect(try LanguageChoice.checked("fr") == "fr")
    #expect(try LanguageChoice.checked("de-CH") == "de")
    #expect(try LanguageChoice.checked("EN") == "en")
    #expect(throws: CtryError.self) { try LanguageChoice.checked("fre") }
    do {
      _ = try LanguageChoice.checked("German")
      Issue.record("German is no code")
    } catch {
      #expect(error.kind == .usage && error.hint == "did you mean 'de'?", "\(error)")
    }
  }

  @Test func theFlagWinsOverTheSettingWhichWinsOverTheLocale() throws {
    var settings = Settings()
    #expect(try LanguageChoice.names(flag: nil, settings: settings) == nil, "English")
    settings.localeLanguage = "fr"
    #expect(try LanguageChoice.names(flag: nil, settings: settings)?.language.code == "fr")
    settings.language = "de"
    #expect(try LanguageChoice.names(flag: nil, settings: settings)?.language.code == "de")
    #expect(try LanguageChoice.names(flag: "it", settings: settings)?.language.code == "it")
    #expect(try LanguageChoice.names(flag: "en", settings: settings) == nil)
    settings.language = nil
    settings.localeLanguage = "tlh"
    #expect(try LanguageChoice.names(flag: nil, settings: settings) == nil, "a locale without names is English")
    #expect(throws: CtryError.self) { try LanguageChoice.names(flag: "tlh", settings: settings) }
  }
}
