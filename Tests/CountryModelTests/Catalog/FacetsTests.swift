import CtryTestSupport
import Testing

@Suite struct FacetsTests {
  let catalog = TestData.catalog

  @Test func regionsAndSubregions() {
    #expect(catalog.regions == ["Africa", "Americas", "Antarctic", "Asia", "Europe", "Oceania"])
    #expect(catalog.subregions.contains("Northern Europe"))
  }

  @Test func currencyUsers() throws {
    let euro = try #require(catalog.currencies.first { $0.code == "EUR" })
    #expect(euro.userCount > 20)
    #expect(euro.currency.symbol == "€")
    #expect(catalog.languages["ara"] == "Arabic")
  }

  /// The index's currency table says what decoding every record says: the users in catalog order,
  /// and the first user's name and symbol (the first with a symbol when the first has none).
  @Test func theCurrencyTableIsWhatTheRecordsSay() {
    let countries = catalog.countries.array
    let codes = Set(countries.flatMap { ($0.currencies ?? [:]).keys })
    #expect(catalog.currencies.map(\.code) == codes.sorted())
    for use in catalog.currencies {
      let users = countries.filter { $0.currencies?[use.code] != nil }
      #expect(catalog.countries(at: use.positions).map(\.cca3) == users.map(\.cca3))
      let named = users.first { $0.currencies?[use.code]?.symbol != nil } ?? users.first
      #expect(use.currency == named?.currencies?[use.code])
    }
  }
}
