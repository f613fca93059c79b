import CtryTestSupport
import Testing

/// What people type for a country, through the registry: initials, abbreviations, former and
/// dissolved states, flags, typos, and text with nothing to match.
@Suite struct CountryNamesTests {
  /// Initials with dots or spaces resolve like their letters; the abbreviations and other names of
  /// `Scripts/dataset/other-names.tsv` resolve to their country with the table's note.
  @Test(
    arguments: [
      ("u.s.a.", "United States", nil), ("U.A.E.", "United Arab Emirates", nil), ("U K", "United Kingdom", nil),
      ("PRC", "China", "PRC stands for"), ("ROC", "Taiwan", "ROC stands for"), ("DPRK", "North Korea", "DPRK stands"),
      ("ROK", "South Korea", "ROK stands for"), ("CAR", "Central African Republic", "CAR stands for"),
      ("WAL", "United Kingdom", "Wales's FIFA code"), ("Hellas", "Greece", "Greece's name in Greek"),
      ("Misr", "Egypt", "Egypt's name in Arabic"), ("East Germany", "Germany", "joined Germany in 1990"),
    ] as [(String, String, String?)])
  func abbreviationsAndOtherNamesResolve(text: String, country: String, note: String?) async {
    let result = await TestShell(format: .plain).run("details '\(text)'")
    #expect(result.status == 0, "\(text): \(result.err)")
    #expect(result.out.split(separator: "\n").first?.hasSuffix("  \(country)") == true, "\(text): \(result.out)")
    if let note {
      #expect(result.err.contains(note) && result.err.hasSuffix("; showing \(country)\n"), "\(text): \(result.err)")
    } else {
      #expect(result.err.isEmpty, "\(text): \(result.err)")
    }
  }

  /// Another or earlier name of a capital today is one of its capitals, for `--capital` and for
  /// naming the country; a city that is no longer the capital is not (Saigon, Rangoon).
  @Test func otherNamesOfCapitalsAreCapitals() async {
    for (capital, country) in [("kiev", "Ukraine"), ("Peking", "China"), ("nur-sultan", "Kazakhstan")] {
      let result = await TestShell(format: .plain).run("search --capital \(capital)")
      #expect(result.status == 0 && result.out == "\(country)\n", "\(capital): \(result)")
    }
    let details = await TestShell(format: .plain).run("details Peking")
    #expect(details.status == 0 && details.out.hasPrefix("🇨🇳  China\n"), "\(details)")
    #expect(details.err == "Peking is the older romanisation of Beijing, China's capital; showing China\n")
    for city in ["saigon", "rangoon"] {
      let result = await TestShell().run("search --capital \(city)")
      #expect(result.status != 0 && result.out.contains("Vietnam") == false, "\(city): \(result)")
    }
  }

  /// The Republic of the Congo's official name, with or without "the", is that Congo alone; Congo
  /// alone is too, and says that it also names the other.
  @Test func theTwoCongos() async {
    for name in ["republic of congo", "Republic of the Congo", "Congo-Brazzaville"] {
      let result = await TestShell(format: .plain).run("details '\(name)'")
      #expect(result.status == 0 && result.out.hasPrefix("🇨🇬  Republic of the Congo\n"), "\(name): \(result)")
      #expect(result.err.isEmpty, "\(name): \(result.err)")
    }
    let other = await TestShell(format: .plain).run("details 'democratic republic of congo'")
    #expect(other.status == 0 && other.out.hasPrefix("🇨🇩  DR Congo\n"), "\(other)")
    let congo = await TestShell(format: .plain).run("details Congo")
    #expect(congo.status == 0 && congo.out.hasPrefix("🇨🇬  Republic of the Congo\n"), "\(congo)")
    #expect(congo.err == "Congo also names DR Congo (COD); showing Republic of the Congo\n")
  }

  /// A short query that is neither a code nor a known abbreviation is not taken for a country that
  /// merely contains it (`ypt` in Egypt). (`ain` is no longer one: it is Ain, a department of France.)
  @Test func shortQueriesNeverResolveBySubstring() async {
    for text in ["ypt", "occ", "ani"] {
      let result = await TestShell().run("details \(text)")
      #expect(result.status == 1 && result.err.hasPrefix("unknown country '\(text)'"), "\(text): \(result)")
    }
  }

  /// A dissolved state is ambiguous between its successors, and says so.
  @Test func dissolvedStatesListTheirSuccessors() async {
    let result = await TestShell().run("details USSR")
    #expect(result.status == 1)
    #expect(result.err.hasPrefix("'USSR': the USSR (Soviet Union) was dissolved in 1991; it is now 15 countries:"))
    #expect(result.err.contains("Armenia") && result.err.hasSuffix(", … — name one of them\n"), "\(result.err)")
    #expect(await TestShell().run("search yugoslavia").out.contains("Slovenia"))
    for (name, successors) in [("Soviet Union", "15 countries"), ("Yugoslavia", "7 countries")] {
      let dissolved = await TestShell().run("details \(name)")
      #expect(dissolved.status == 1, "\(name): \(dissolved)")
      #expect(dissolved.err.hasPrefix("'\(name)': "), "\(dissolved.err)")
      #expect(dissolved.err.contains("it is now \(successors)") && dissolved.err.hasSuffix("name one of them\n"))
    }
  }

  /// One country within typo distance is taken, with a note; several still ask.
  @Test func aTypoWithOneCandidateIsTakenWithANote() async {
    for (typo, country) in [("swizerland", "Switzerland"), ("phillipines", "Philippines"), ("columbia", "Colombia")] {
      let result = await TestShell(format: .plain).run("details \(typo)")
      #expect(result.status == 0 && result.out.hasPrefix("\(flagOf(country))  \(country)\n"), "\(typo): \(result)")
      #expect(result.err == "taking '\(country)' for '\(typo)'\n", "\(typo): \(result.err)")
    }
    let borders = await TestShell(format: .plain).run("borders swizerland")
    #expect(borders.status == 0 && borders.err == "taking 'Switzerland' for 'swizerland'\n", "\(borders)")
    let several = await TestShell().run("details malti")
    #expect(several.status == 1 && several.err == "unknown country 'malti' — did you mean 'Mali' or 'Malta'?\n")
  }

  /// A flag emoji is its country; text with nothing to match matches nothing, never everything.
  @Test func flagsAndTextWithNothingToMatch() async {
    let flag = await TestShell(format: .plain).run("details 🇪🇬")
    #expect(flag.status == 0 && flag.out.hasPrefix("🇪🇬  Egypt\n"), "\(flag)")
    let search = await TestShell(format: .plain).run("search 🇪🇬")
    #expect(search.status == 0 && search.out == "Egypt\n", "\(search)")
    for text in ["'!!!'", "\"'\"", "🏳"] {
      let nothing = await TestShell(format: .plain).run("search \(text)")
      #expect(
        nothing.status == 1 && nothing.out.isEmpty && nothing.err == "No countries match.\n", "\(text): \(nothing)")
    }
    for blank in ["''", "'   '", "'\t'"] {
      let empty = await TestShell().run("details \(blank)")
      #expect(
        empty.status == 2 && empty.err.hasPrefix("a country is needed, not an empty argument"), "\(blank): \(empty)")
    }
  }

  /// A currency symbol is its currency; an ambiguous symbol is a choice; nothing to match is no match.
  @Test func currencySymbols() async {
    let euro = await TestShell().run("currencies €")
    #expect(euro.status == 0 && euro.out.contains("Euro (€) — used by"), "\(euro)")
    let dollar = await TestShell().run("currencies $")
    #expect(dollar.status == 0 && dollar.out.contains("'$' is the symbol of"), "\(dollar)")
    #expect(dollar.out.contains("USD") && dollar.out.contains("AUD") && !dollar.out.contains("EUR"))
    let none = await TestShell().run("currencies !!!")
    #expect(none.status == 1 && none.err.hasPrefix("no currency has the symbol '!!!'"), "\(none)")
    let code = await TestShell().run("currencies XYZ")
    #expect(code.status == 1 && code.err.hasPrefix("no currency or country matches 'XYZ'"), "\(code)")
  }

  func flagOf(_ name: String) -> String {
    TestData.catalog.countries.first { $0.name.common == name }?.flagEmoji ?? ""
  }

  /// `compare` words its own limit, not `favorites add`'s.
  @Test func compareSaysItsOwnLimit() async {
    let many = Array(repeating: "Egypt", count: 65).joined(separator: " ")
    let result = await TestShell().run("compare \(many)")
    #expect(result.status == 2 && result.err.hasPrefix("compare takes at most 64 words"), "\(result.err)")
  }
}
