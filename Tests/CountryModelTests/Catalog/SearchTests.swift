import CountryModel
import CtryTestSupport
import Testing

@Suite struct SearchTests {
  let catalog = TestData.catalog

  func names(_ text: String) -> [String] { catalog.search(text).map(\.country.name.common) }

  @Test func ranksExactThenPrefixThenWordPrefixThenSubstring() throws {
    let hits = catalog.search("guinea")
    let ranks = hits.map(\.rank)
    #expect(ranks == ranks.sorted(), "ranks never get better further down")
    #expect(hits.first?.country.cca3 == "GIN")
    let bissau = try #require(hits.firstIndex { $0.country.cca3 == "GNB" })
    let equatorial = try #require(hits.firstIndex { $0.country.cca3 == "GNQ" })
    let papua = try #require(hits.firstIndex { $0.country.cca3 == "PNG" })
    #expect(hits[bissau].rank == .prefix && hits[bissau].field == .common)
    #expect(hits[papua].rank == .wordPrefix, "'guinea' starts a later word of Papua New Guinea")
    #expect(bissau < equatorial && bissau < papua)
  }

  @Test func ignoresCaseAndDiacritics() {
    #expect(names("cote d ivoire").first.map { catalog.country(code: "CIV")?.name.common == $0 } == true)
    #expect(catalog.search("CÔTE").contains { $0.country.cca3 == "CIV" })
    #expect(catalog.search("aland").first?.country.cca3 == "ALA")
  }

  @Test func toleratesTyposOnlyWhenNothingMatchesBetter() {
    let hits = catalog.search("germny")
    #expect(hits.first?.country.cca3 == "DEU")
    #expect(hits.allSatisfy { $0.rank == .typo })
    #expect(!catalog.search("iran").contains { $0.country.cca3 == "IRQ" }, "an exact hit hides typo matches")
  }

  @Test func matchesCapitalsTranslationsAndCodes() {
    #expect(catalog.search("helsinki").first?.country.cca3 == "FIN")
    #expect(catalog.search("Deutschland").first?.country.cca3 == "DEU")
    #expect(catalog.search("Allemagne").first?.country.cca3 == "DEU")
  }

  @Test func filtersCombine() {
    var query = CountryQuery()
    query.capital = "helsinki"
    #expect(catalog.run(query).map(\.cca3) == ["FIN"])

    query = CountryQuery()
    query.region = "Europe"
    query.currency = "EUR"
    let euro = catalog.run(query)
    #expect(euro.contains { $0.cca3 == "DEU" } && !euro.contains { $0.cca3 == "POL" })
    #expect(euro.allSatisfy { $0.region == "Europe" })

    query = CountryQuery()
    query.language = "spa"
    query.independent = true
    let spanish = catalog.run(query)
    #expect(spanish.contains { $0.cca3 == "MEX" } && spanish.allSatisfy { $0.independent == true })
    query.language = "Spanish"
    #expect(catalog.run(query).map(\.cca3) == spanish.map(\.cca3), "code and name select alike")
  }

  @Test func sortsAndLimits() {
    var query = CountryQuery()
    query.sort = .population
    query.limit = 3
    let top = catalog.run(query)
    #expect(top.count == 3)
    #expect(Set(top.map(\.cca3)).isSuperset(of: ["CHN", "IND"]))
    query.sort = .area
    query.limit = 1
    #expect(catalog.run(query).map(\.cca3) == ["RUS"])
  }

  @Test func noTextNoFilterListsEverything() {
    #expect(catalog.run(CountryQuery()).count == 250)
    #expect(catalog.run(CountryQuery(text: "   ")).count == 250)
  }
}
