import CountryModel
import CtryTestSupport
import Foundation
import Testing

@testable import CtryCommands

@Suite struct SearchCommandTests {
  @Test func capitalFilterPlain() async {
    let shell = TestShell(format: .plain)
    let result = await shell.run("search --capital helsinki")
    #expect(result.out == "Finland\n")
    #expect(result.status == 0)
  }

  @Test func tableColumns() async {
    let result = await TestShell().run("search --region Europe --sort population --limit 3")
    let lines = result.out.split(separator: "\n")
    #expect(lines.count == 5, "header, rule, three rows")
    #expect(
      lines[0].contains("Name") && lines[0].contains("Capital") && lines[0].contains("Region")
        && lines[0].contains("Population"))
    #expect(lines[2].contains("Russia") && lines[2].contains("Moscow"))
  }

  /// India has been the most populous country since 2023 (the CIA World Factbook's 2025 estimates).
  @Test func theMostPopulousIsIndia() async {
    let result = await TestShell(format: .plain).run("search --sort population --limit 2")
    #expect(result.out == "India\nChina\n", "\(result.out)")
  }

  /// A figure's filter takes a range, either end left out; anything else is a usage error.
  @Test func figureFiltersTakeARange() async {
    let shell = TestShell(format: .plain)
    let old = await shell.run("search --median-age 50.. --region Asia")
    #expect(old.status == 0 && old.out == "Japan\n", "\(old.out)\(old.err)")
    let young = await shell.run("search --median-age ..16 --region Africa")
    #expect(young.out == "Niger\nSomalia\n", "\(young.out)")
    let both = await shell.run("search --life-expectancy 85..86 --gdp-per-capita 100000..")
    #expect(both.out == "Macau\n", "\(both.out)")
    for bad in ["80", "x..", "..", "90..80"] {
      let refused = await shell.run("search --life-expectancy \(bad)")
      #expect(refused.status == 2 && refused.out.isEmpty, "\(bad)")
      #expect(refused.err.contains("--life-expectancy takes a range of numbers, MIN..MAX"), "\(refused.err)")
    }
  }

  /// Real values that no country has together: an empty answer, exit 1.
  @Test func nothingFoundExitsOne() async {
    for line in [
      "search --capital helsinki --region Asia", "search --language English --currency CHF",
      "search --currency dollar --region Europe", "search --demonym French --subregion 'Eastern Asia'",
      "search zzzz --language English",
    ] {
      let result = await TestShell().run(line)
      #expect(result.status == 1, "\(line): \(result.err)")
      #expect(result.out == "No countries match.\n", "\(line)")
    }
  }

  /// A value that names nothing, even on its own, is a typo: one line on stderr with the nearest real
  /// value (a currency's name with its code, a language's with its ISO 639-3 code), exit 2.
  @Test func mistypedFilterValuesSuggest() async {
    let expected = [
      "search --language Englsh": "unknown language 'Englsh' — did you mean 'English' or 'eng'?\n",
      "search --currency Eruo": "unknown currency 'Eruo' — did you mean 'Euro' or 'EUR'?\n",
      "search --demonym Egyptan --independent": "unknown demonym 'Egyptan' — did you mean 'Egyptian'?\n",
      "search --capital helsnki": "unknown capital 'helsnki' — did you mean 'Helsinki'?\n",
      "search --subregion 'Nortern Europe'": "unknown subregion 'Nortern Europe' — did you mean 'Northern Europe'?\n",
      "search --region Europe --language Spansh": "unknown language 'Spansh' — did you mean 'Spanish' or 'spa'?\n",
      "search --capital atlantis": "unknown capital 'atlantis' — see them all with 'search --columns name,capital'\n",
    ]
    for (line, message) in expected {
      let result = await TestShell().run(line)
      #expect(result.status == 2, "\(line)")
      #expect(result.err == message, "\(line)")
      #expect(result.out.isEmpty, "\(line)")
    }
  }

  /// Every filter that takes text says when its value names nothing, however it is answered.
  @Test func everyTextFilterRefusesAValueThatNamesNothing() async {
    let filters = Facts.all.filter { $0.kind != .yesNo && !$0.kind.isNumeric }.compactMap(\.filter)
    #expect(filters.count >= 7)
    for filter in filters {
      let result = await TestShell().run("search --\(filter.flag) qqxqqz")
      #expect(result.status == 2, "--\(filter.flag): \(result.err)")
      #expect(result.err.contains("'qqxqqz'") && result.err.split(separator: "\n").count == 1, "\(result.err)")
    }
    let typo = await TestShell().run("search --translation Allemange")
    #expect(typo.err == "unknown translation 'Allemange' — did you mean 'Allemagne'?\n", "\(typo.err)")
  }

  /// A value names something when some country passes its filter alone, under the filter's own
  /// matching: part of a capital, a code, a word of a currency's name, any case or accents.
  @Test func partialAndFoldedValuesAreRealValues() async {
    for line in [
      "search --capital lsinki", "search --currency dollar", "search --currency franc", "search --currency eur",
      "search --language eng", "search --language PORTUGUESE", "search --demonym egyptian", "search --capital bogota",
    ] {
      let result = await TestShell(format: .plain).run(line)
      #expect(result.status == 0 && !result.out.isEmpty, "\(line): \(result.err)")
    }
  }

  /// Empty or blank text is a slip, as with `details ''`: a usage error, not every country.
  @Test(arguments: ["search ''", "search '   '", "search --region Europe ''"])
  func blankTextIsAUsageError(line: String) async {
    let result = await TestShell().run(line)
    #expect(result.status == 2, "\(line): \(result)")
    #expect(result.out.isEmpty && result.err.hasPrefix("search text is empty — "), "\(line): \(result.err)")
  }

  /// Every capital of a country with several is one of its capitals: La Paz is Bolivia's seat of
  /// government, The Hague the Netherlands'.
  @Test(arguments: [("la paz", "Bolivia"), ("the hague", "Netherlands"), ("putrajaya", "Malaysia")])
  func eachOfSeveralCapitalsIsFound(capital: String, country: String) async {
    let result = await TestShell(format: .plain).run("search --capital '\(capital)'")
    #expect(result.status == 0 && result.out == "\(country)\n", "\(capital): \(result)")
  }

  /// Equatorial Guinea speaks Portuguese (Constitution, art. 4), as do the others.
  @Test func portugueseSpeakersIncludeEquatorialGuinea() async {
    let result = await TestShell(format: .plain).run("search --language portuguese")
    #expect(result.status == 0 && result.out.split(separator: "\n").contains("Equatorial Guinea"), "\(result)")
  }

  @Test func unknownRegionSuggests() async {
    let result = await TestShell().run("search --region Eurpe")
    #expect(result.status == 2)
    #expect(result.err == "unknown region 'Eurpe' — did you mean 'Europe'?\n")
  }

  @Test func jsonIsAnArrayOfV31Objects() async throws {
    let result = await TestShell(format: .json).run("search --currency EUR --region Europe")
    let array = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])
    #expect(array.count > 15)
    #expect(array.allSatisfy { ($0["currencies"] as? [String: Any])?["EUR"] != nil })
  }

  @Test func translationAndDemonymFilters() async {
    #expect(await TestShell(format: .plain).run("search --translation Allemagne").out == "Germany\n")
    #expect(await TestShell(format: .plain).run("search --demonym Egyptian").out == "Egypt\n")
  }

  @Test func limitMustBePositive() async {
    #expect(await TestShell().run("search --limit 0").status == 2)
  }

  /// CSV carries the codes to join on and every fact the table shows, the flag last; JSON's v3.1
  /// objects carry what a row matched on as `matched`; plain stays names only.
  @Test func machineFormatsCarryCodesAndWhatRowsMatched() async throws {
    let csv = await TestShell(format: .csv).run("search egy")
    let lines = csv.out.components(separatedBy: "\r\n")
    #expect(lines[0] == "cca2,cca3,name,capital,region,population,matched,flag", "\(lines[0])")
    #expect(lines[1] == "EG,EGY,Egypt,Cairo,Africa,112870457,,🇪🇬", "Egypt matched its name: \(lines[1])")
    #expect(
      lines.contains { $0.hasPrefix("US,USA,United States,") && $0.hasSuffix(",Hungarian name Egyesült Államok,🇺🇸") })
    let json = await TestShell(format: .json).run("search egy")
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
    let usa = try #require(objects.first { $0["cca3"] as? String == "USA" })
    #expect(usa["matched"] as? String == "Hungarian name Egyesült Államok", "\(usa.keys.sorted())")
    #expect(objects.first?["matched"] is NSNull, "Egypt matched its name")
    let plain = await TestShell(format: .plain).run("search cairo")
    #expect(plain.out == "Egypt\n", "plain output is names only")
    let byName = await TestShell(format: .csv).run("search --region Oceania --limit 1")
    #expect(
      byName.out.hasPrefix("cca2,cca3,name,capital,region,population,flag\r\n"),
      "no column when nothing needs explaining")
    let listed = await TestShell(format: .json).run("search --region Oceania --limit 1")
    #expect(!listed.out.contains("\"matched\""), "\(listed.out)")
  }

  /// A facet value that starts several names is a choice between them, not a guess at the first.
  @Test func anAmbiguousFacetValueListsEveryMatch() async {
    let result = await TestShell().run("search --subregion northern")
    #expect(result.status == 2)
    #expect(
      result.err
        == "--subregion 'northern' matches 2 subregions: Northern Africa, Northern Europe — name one, e.g. --subregion 'Northern Africa'\n"
    )
    #expect(await TestShell(format: .plain).run("search --subregion 'northern eu' --limit 1").out == "Åland Islands\n")
  }

  /// `--sort -KEY` turns the order round (population and area: smallest first); `--reverse` turns any
  /// order round, the default one too.
  @Test func sortWithALeadingMinusOrReverseGoesTheOtherWay() async {
    let shell = TestShell(format: .plain)
    #expect(await shell.run("search --region Europe --sort population --limit 2").out == "Russia\nGermany\n")
    let ascending = await shell.run("search --region Europe --sort -population --limit 2")
    #expect(ascending.status == 0, "\(ascending.err)")
    #expect(ascending.out == "Vatican City\nSvalbard and Jan Mayen\n", "\(ascending.out)")
    #expect(await shell.run("search --region Europe --sort population --reverse --limit 2").out == ascending.out)
    #expect(await shell.run("search --region Europe --sort -population --reverse --limit 2").out == "Russia\nGermany\n")
    #expect(await shell.run("search --region Oceania --reverse --limit 1").out == "Wallis and Futuna\n")
    #expect(await shell.run("search --sort -area --limit 1").out == "Vatican City\n")
    #expect(await shell.run("search --sort -name --limit 1").out == "Zimbabwe\n")
  }

  /// A native name with spacing marks and conjuncts (Nepali नेपाल, Sinhala ශ්‍රී ලංකාව) takes the
  /// columns a terminal gives it, so a row that shows it still fits the terminal's width (from 48
  /// columns, the narrowest this table fits in at all).
  @Test(arguments: ["नेपाल", "ශ්‍රී ලංකාව", "বাংলাদেশ"])
  func rowsWithIndicTextFitTheTerminal(_ name: String) async {
    for width in 48...80 {
      let result = await TestShell(width: width).run("search \(name)")
      #expect(result.status == 0, "\(result.err)")
      for line in result.out.split(separator: "\n") {
        #expect(TerminalWidth.of(line) <= width, "\(width) columns: \(line) takes \(TerminalWidth.of(line))")
      }
    }
  }

  @Test func informalNamesShowTheCountryWithANote() async {
    let result = await TestShell(format: .plain).run("details England")
    #expect(result.status == 0)
    #expect(result.out.hasPrefix("🇬🇧  United Kingdom\n"))
    #expect(result.err == "England is a country of the United Kingdom; showing United Kingdom\n")
  }

  /// The bundled data answers UN membership from `unMember`, with no key and no
  /// refresh: the 193 member states, not Greenland, Kosovo, Vatican City, Palestine or Taiwan.
  @Test func unMembershipIsAnsweredByTheBundledData() async {
    let un = await TestShell(format: .plain).run("search --member un")
    #expect(un.status == 0, "\(un.err)")
    #expect(un.err.isEmpty)
    let names = un.out.split(separator: "\n").map(String.init)
    #expect(names.count == 193, "\(names.count)")
    #expect(names.contains("Egypt") && names.contains("South Sudan"))
    for outside in ["Greenland", "Kosovo", "Vatican City", "Palestine", "Taiwan"] {
      #expect(!names.contains(outside), "\(outside)")
    }
    let oceania = await TestShell(format: .plain).run("search --member un --region Oceania --sort population --limit 2")
    #expect(oceania.out == "Australia\nPapua New Guinea\n", "\(oceania.out)")
  }

  /// The bundled table answers each organisation with its whole list, offline (DATA.md, "Memberships").
  @Test(arguments: [
    ("eu", 27), ("eurozone", 21), ("schengen", 29), ("nato", 32), ("oecd", 38), ("g7", 7), ("g20", 19),
    ("commonwealth", 56), ("african_union", 55), ("asean", 11), ("arab_league", 22), ("mercosur", 5),
  ])
  func membershipsAreAnsweredOffline(_ organisation: String, _ count: Int) async {
    let result = await TestShell(format: .plain).run("search --member \(organisation)")
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.split(separator: "\n").count == count, "\(result.out)")
  }

  @Test func membershipsNameTheRecentMembers() async {
    let shell = TestShell(format: .plain)
    #expect(await shell.run("search --member eurozone bulgaria").out == "Bulgaria\n")
    #expect(await shell.run("search --member asean timor").out == "Timor-Leste\n")
    #expect(await shell.run("search --member nato --member eu --subregion 'Northern Europe' sweden").out == "Sweden\n")
    let card = await shell.run("details Germany")
    #expect(card.out.contains("\nMember of: EU, Eurozone, Schengen, NATO, G7, G20, OECD\n"), "\(card.out)")
  }

  /// "Euro but not EU": the euro's users that are not EU member states, Montenegro, Kosovo, Andorra
  /// and Monaco among them, and no member state.
  @Test func notAMemberNarrowsToTheOthers() async {
    let shell = TestShell(format: .plain)
    let result = await shell.run("search --currency EUR --not-member eu")
    #expect(result.status == 0, "\(result.err)")
    let names = Set(result.out.split(separator: "\n").map(String.init))
    #expect(names.isSuperset(of: ["Montenegro", "Kosovo", "Andorra", "Monaco", "San Marino", "Vatican City"]))
    let members = Set(await shell.run("search --member eu").out.split(separator: "\n").map(String.init))
    #expect(names.isDisjoint(with: members), "\(names.intersection(members))")
    let sovereign = await shell.run("search --currency EUR --not-member eu --not-member un --independent")
    #expect(sovereign.out == "Kosovo\nVatican City\n", "\(sovereign.out)")
    let nobody = await shell.run("search --member eu --not-member eurozone --currency EUR")
    #expect(nobody.status == 1, "every EU member that uses the euro is in the euro area: \(nobody.out)")
  }

  @Test func anUnknownOrganisationSuggestsOne() async {
    let result = await TestShell().run("search --not-member nto")
    #expect(result.status == 2)
    #expect(result.err.contains("got 'nto' — did you mean 'nato'?"), "\(result.err)")
    #expect(result.out.isEmpty)
  }

  /// Only the organisations that need v5 data refuse, in one line that names them and says how to
  /// get the data; the UN and the EU beside them are not named.
  @Test func organisationsOnlyV5DataKnowsAreNamedInOneLine() async {
    let opec = await TestShell().run("search --member un --member eu --member opec")
    #expect(opec.status == 1)
    #expect(opec.out.isEmpty)
    #expect(
      opec.err
        == "no OPEC membership data here: it comes from the REST Countries v5 API — run 'refresh' with CTRY_API_KEY set\n"
    )
    let two = await TestShell().run("search --not-member brics --member opec --member brics")
    #expect(two.err.hasPrefix("no OPEC, BRICS membership data here: "), "\(two.err)")
  }

  /// A catalog refreshed from v5 answers the organisations only v5 knows, the UN from the same
  /// `unMember`, and keeps the bundled table's beside them.
  @Test func membershipAfterARefresh() async {
    let v5 = TestData.countries.map { country in
      var country = country
      country.memberships = (country.memberships ?? [:]).merging([
        "un": country.unMember ?? false, "opec": ["SAU", "VEN"].contains(country.cca3),
      ]) { $1 }
      return country
    }
    let shell = TestShell(format: .plain, catalog: CountryCatalog(countries: v5))
    #expect(await shell.run("search --member un --member opec").out == "Saudi Arabia\nVenezuela\n")
    #expect(await shell.run("search --member opec --member arab_league").out == "Saudi Arabia\n")
    #expect(await shell.run("search --member un").out.split(separator: "\n").count == 193)
    #expect(await shell.run("search --not-member opec --member mercosur").out.split(separator: "\n").count == 5)
  }
}
