import CountryModel
import CtryTestSupport
import Foundation
import Testing

/// Invariants of the bundled dataset that every command relies on.
@Suite struct DatasetTests {
  let countries = TestData.countries

  @Test func decodesThroughTheProductionDecoder() throws {
    let data = try #require(FileManager.default.contents(atPath: TestPaths.dataset))
    let decoded = try CountryDecoding.decodeList([UInt8](data), origin: "countries.json")
    #expect(decoded.count == 250)
  }

  @Test func holdsAll250ISOEntriesOnce() {
    #expect(countries.count == 250)
    #expect(Set(countries.map(\.cca2)).count == 250)
    #expect(Set(countries.map(\.cca3)).count == 250)
    #expect(countries.contains { $0.cca2 == "XK" && $0.cca3 == "UNK" }, "Kosovo, coded as REST Countries does")
  }

  @Test func everyEntryHasTheRequiredFields() {
    let regions: Set = ["Africa", "Americas", "Antarctic", "Asia", "Europe", "Oceania"]
    for country in countries {
      #expect(!country.name.common.isEmpty && !country.name.official.isEmpty, "\(country.cca3) names")
      #expect(country.cca2.count == 2 && country.cca3.count == 3, "\(country.cca3) codes")
      #expect(regions.contains(country.region), "\(country.cca3) region \(country.region)")
      #expect(country.flag == Country.emoji(forAlpha2: country.cca2), "\(country.cca3) flag")
    }
  }

  @Test func sovereignStatesHaveCapitalCurrencyAndLanguage() {
    for country in countries where country.independent == true {
      #expect(!(country.capital ?? []).isEmpty, "\(country.name.common) capital")
      #expect(!(country.currencies ?? [:]).isEmpty, "\(country.name.common) currencies")
      #expect(!(country.languages ?? [:]).isEmpty, "\(country.name.common) languages")
    }
    #expect(countries.filter { $0.unMember == true }.count == 193)
  }

  @Test func currenciesAndLanguagesAreNamed() {
    for country in countries {
      for (code, currency) in country.currencies ?? [:] {
        #expect(code.count == 3 && !currency.name.isEmpty, "\(country.cca3) \(code)")
        #expect(!(currency.symbol ?? "").isEmpty, "\(country.cca3) \(code) symbol")
      }
      for (code, name) in country.languages ?? [:] {
        #expect(code.count == 3 && !name.isEmpty, "\(country.cca3) language \(code)")
      }
    }
  }

  @Test func noWithdrawnOrFundCurrencies() {
    let withdrawn: Set = ["BYR", "HRK", "MRO", "SLL", "STD", "BOV", "CHE", "CHW", "CLF", "VEF", "ZWL"]
    let used = Set(countries.flatMap { ($0.currencies ?? [:]).keys })
    #expect(used.isDisjoint(with: withdrawn), "\(used.intersection(withdrawn))")
  }

  @Test func bordersAreSymmetricAndKnown() {
    let byCode = Dictionary(uniqueKeysWithValues: countries.map { ($0.cca3, $0) })
    for country in countries {
      for border in country.borders ?? [] {
        let other = byCode[border]
        #expect(other != nil, "\(country.cca3) borders unknown \(border)")
        #expect(other?.borders?.contains(country.cca3) == true, "\(country.cca3)–\(border) one-sided")
      }
    }
  }

  @Test func factsTheDoneCriteriaNeed() throws {
    let catalog = TestData.catalog
    let egypt = try #require(catalog.country(code: "EGY"))
    #expect(egypt.capital == ["Cairo"])
    #expect(egypt.currencies?["EGP"]?.symbol?.isEmpty == false)
    #expect(egypt.languages?["ara"] == "Arabic")
    #expect(Set(["LBY", "SDN", "ISR"]).isSubset(of: Set(egypt.borders ?? [])))
    #expect(catalog.country(code: "KZ")?.capital == ["Astana"])
    #expect(catalog.country(code: "BI")?.capital == ["Gitega"])
    #expect(catalog.country(code: "FI")?.capital == ["Helsinki"])
    #expect(catalog.country(code: "DEU")?.borders?.count == 9)
  }

  /// Populations are the CIA World Factbook's where it is newer than CLDR 41's (estimates for 2021)
  /// and a hand census; every figure says its year and its source, except the uninhabited islands'
  /// zero.
  @Test func populationsAreFreshAndCarryTheirYearAndSource() throws {
    let byCode = Dictionary(uniqueKeysWithValues: countries.map { ($0.cca3, $0) })
    let fresh = countries.filter { ($0.populationYear ?? 0) >= 2024 }
    #expect(fresh.count >= 200, "\(fresh.count) figures of 2024 or later")
    let germany = try #require(byCode["DEU"])
    #expect((82_000_000...85_000_000).contains(germany.population ?? 0), "\(germany.population ?? 0)")
    #expect(germany.populationYear == 2025 && germany.populationSource == "est., CIA World Factbook")
    let most = try #require(countries.max { ($0.population ?? 0) < ($1.population ?? 0) })
    #expect(most.cca3 == "IND", "India has been the most populous since 2023, not \(most.cca3)")
    let kosovo = try #require(byCode["UNK"])
    #expect(kosovo.population == 1_586_659 && kosovo.populationYear == 2024, "the 2024 census stays")
    #expect(kosovo.populationSource == "census, Kosovo Agency of Statistics")
    #expect(byCode["GLP"]?.populationYear == 2021, "CLDR's figure where the Factbook has none")
    #expect(byCode["GLP"]?.populationSource == "est., CIA World Factbook via CLDR 41")
    for country in countries {
      #expect(country.population != nil, "\(country.cca3) population")
      let uninhabited = country.population == 0
      #expect(uninhabited || (2021...2025).contains(country.populationYear ?? 0), "\(country.cca3) year")
      #expect(uninhabited || country.populationSource != nil, "\(country.cca3) source")
    }
  }

  /// GDP per capita (PPP), life expectancy and median age from the CIA World Factbook, each with its
  /// year, for most entries; none for the uninhabited ones.
  @Test func figuresFromTheFactbookCarryTheirYear() throws {
    let byCode = Dictionary(uniqueKeysWithValues: countries.map { ($0.cca3, $0) })
    let germany = try #require(byCode["DEU"])
    #expect(germany.gdpPerCapitaPPP == YearFigure(value: 62_800, year: 2024))
    #expect(germany.lifeExpectancy == YearFigure(value: 81.9, year: 2024))
    #expect(germany.medianAge == YearFigure(value: 46.9, year: 2025))
    let figures: [KeyPath<Country, YearFigure?>] = [\.gdpPerCapitaPPP, \.lifeExpectancy, \.medianAge]
    for path in figures {
      let held = countries.compactMap { $0[keyPath: path] }
      #expect(held.count > 200, "\(path): \(held.count)")
      #expect(held.allSatisfy { $0.value > 0 && $0.year >= 2000 }, "\(path)")
    }
    #expect(byCode["BVT"]?.lifeExpectancy == nil && byCode["ATA"]?.gdpPerCapitaPPP == nil)
  }

  /// GeoNames' postal code formats (v3.1 `postalCode`), for the countries that have postal codes.
  @Test func postalCodesFromGeoNames() throws {
    let byCode = Dictionary(uniqueKeysWithValues: countries.map { ($0.cca3, $0) })
    #expect(byCode["DEU"]?.postalCode?.format == "#####")
    #expect(byCode["NLD"]?.postalCode?.format == "#### @@")
    let regex = try #require(byCode["DEU"]?.postalCode?.regex)
    #expect(try Regex(regex).wholeMatch(in: "10115") != nil)
    #expect(byCode["IRL"]?.postalCode != nil && byCode["UNK"]?.postalCode == nil)
    #expect(countries.filter { $0.postalCode != nil }.count > 150)
  }

  /// Slips fixed in Scripts/dataset/corrections.py, each with its source there.
  @Test func dataSlips() throws {
    let byCode = Dictionary(uniqueKeysWithValues: countries.map { ($0.cca3, $0) })
    let ireland = try #require(byCode["IRL"])
    #expect((ireland.population ?? 0) < 5_500_000, "the state, not the island: \(ireland.population ?? 0)")
    let austria = try #require(byCode["AUT"])
    #expect((8_500_000...9_500_000).contains(austria.population ?? 0), "FIPS AU is Austria, not Australia")
    let southAfrica = try #require(byCode["ZAF"])
    #expect(southAfrica.languages?["nso"] == "Northern Sotho")
    #expect(southAfrica.languages?.count == 11, "eleven official spoken languages")
    let cyprus = try #require(byCode["CYP"])
    #expect(cyprus.region == "Europe" && cyprus.subregion == "Southern Europe" && cyprus.continents == ["Europe"])
  }

  /// Every entry that is not independent says whose it is (`parent`, from
  /// `SOVEREIGNTY` in Scripts/dataset/corrections.py) or why it has no sovereign (`dependencyType`
  /// "Antarctic Treaty area", or `disputed`); every sovereign is a UN member state of the data, and
  /// every kind of territory is one the card words.
  @Test func everyEntryThatIsNotIndependentSaysWhoseItIs() throws {
    let byCode = Dictionary(uniqueKeysWithValues: countries.map { ($0.cca3, $0) })
    let dependent = countries.filter { $0.independent == false }
    #expect(dependent.count == 55)
    for country in dependent {
      #expect(
        country.parent != nil || country.dependencyType != nil || country.disputed == true,
        "\(country.cca3) says nothing about its sovereign")
      if let parent = country.parent {
        #expect(byCode[parent]?.unMember == true, "\(country.cca3): parent \(parent)")
        #expect(country.dependencyType != nil, "\(country.cca3): kind of territory")
      }
    }
    #expect(countries.filter { $0.parent != nil }.count == 51)
    for country in countries where country.independent == true {
      #expect(country.parent == nil && country.dependencyType == nil, "\(country.cca3) is sovereign")
    }
    let kinds = Set(countries.compactMap(\.dependencyType))
    #expect(kinds.isSubset(of: Sovereignty.knownKinds), "\(kinds.subtracting(Sovereignty.knownKinds))")
    #expect(Set(countries.filter { $0.disputed == true }.map(\.cca3)) == ["ESH", "PSE", "TWN", "UNK"])
    #expect(byCode["GRL"]?.parent == "DNK" && byCode["HKG"]?.parent == "CHN" && byCode["PRI"]?.parent == "USA")
  }
}
