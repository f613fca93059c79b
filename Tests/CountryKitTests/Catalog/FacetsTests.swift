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
    #expect(euro.countries.count > 20)
    #expect(euro.currency.symbol == "€")
    #expect(catalog.languages["ara"] == "Arabic")
  }
}
