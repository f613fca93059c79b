import CountryModel
import CtryTestSupport
import Foundation
import Testing

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

  @Test func nothingFoundExitsOne() async {
    let result = await TestShell().run("search --capital atlantis")
    #expect(result.status == 1)
    #expect(result.out == "No countries match.\n")
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

  /// Only the organisations that need v5 data refuse, in one line that names them and says how to
  /// get the data; the UN beside them is not named.
  @Test func organisationsOnlyV5DataKnowsAreNamedInOneLine() async {
    let eu = await TestShell().run("search --member un --member eu")
    #expect(eu.status == 1)
    #expect(eu.out.isEmpty)
    #expect(
      eu.err
        == "no EU membership data here: it comes from the REST Countries v5 API — run 'refresh' with CTRY_API_KEY set\n"
    )
    let two = await TestShell().run("search --member nato --member african_union --member nato")
    #expect(two.err.hasPrefix("no NATO, African Union membership data here: "), "\(two.err)")
  }

  /// A catalog refreshed from a v3.1 server has `unMember` and no `memberships`: the same answers. One
  /// refreshed from v5 answers every organisation, the UN from the same `unMember`.
  @Test func membershipAfterARefresh() async {
    let v31 = TestShell(format: .plain, catalog: CountryCatalog(countries: TestData.countries))
    #expect(await v31.run("search --member un").out.split(separator: "\n").count == 193)
    #expect(await v31.run("search --member g7").status == 1)
    let v5 = TestData.countries.map { country in
      var country = country
      country.memberships = ["un": country.unMember ?? false, "g7": ["CAN", "JPN"].contains(country.cca3)]
      return country
    }
    let shell = TestShell(format: .plain, catalog: CountryCatalog(countries: v5))
    #expect(await shell.run("search --member un --member g7").out == "Canada\nJapan\n")
    #expect(await shell.run("search --member un").out.split(separator: "\n").count == 193)
  }
}
