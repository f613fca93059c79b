import CtryTestSupport
import Testing

/// ISO 3166-1 codes always name their own country; IOC codes only where no ISO code is the same
/// (Bahrain's IOC code BRN is Brunei's alpha-3 code).
@Suite struct CodeResolutionTests {
  let catalog = TestData.catalog

  @Test func brnIsBrunei() throws {
    #expect(catalog.country(code: "BRN")?.name.common == "Brunei")
    #expect(catalog.country(code: "brn")?.cca3 == "BRN")
    guard case .found(let country, _) = catalog.resolve("BRN") else {
      Issue.record("BRN does not resolve")
      return
    }
    #expect(country.cca3 == "BRN")
    let malaysia = try #require(catalog.country(code: "MYS"))
    let neighbours = catalog.neighbours(of: malaysia).map(\.cca3)
    #expect(neighbours.contains("BRN") && !neighbours.contains("BHR"), "\(neighbours)")
    let brunei = try #require(catalog.country(code: "BRN"))
    #expect(catalog.neighbours(of: brunei).map(\.cca3) == ["MYS"])
  }

  @Test func everyISOCodeOfAll250ResolvesToItsOwnCountry() {
    #expect(catalog.countries.count == 250)
    for country in catalog.countries {
      for code in [country.cca3, country.cca2, country.ccn3].compactMap({ $0 }) {
        #expect(catalog.country(code: code)?.cca3 == country.cca3, "\(code) should be \(country.name.common)")
        if case .found(let resolved, _) = catalog.resolve(code) {
          #expect(resolved.cca3 == country.cca3, "resolve(\(code))")
        } else {
          Issue.record("\(code) does not resolve")
        }
      }
    }
  }

  @Test func iocCodesResolveWhereNoISOCodeIsTheSame() {
    let isoCodes = Set(catalog.countries.flatMap { [$0.cca3, $0.cca2, $0.ccn3].compactMap { $0 } })
    for country in catalog.countries {
      guard let ioc = country.cioc, !isoCodes.contains(ioc) else { continue }
      #expect(catalog.country(code: ioc)?.cca3 == country.cca3, "IOC \(ioc)")
    }
  }

  @Test func noBorderListNamesTheWrongCountry() {
    for country in catalog.countries {
      let names = catalog.neighbours(of: country).map(\.cca3).sorted()
      #expect(names == (country.borders ?? []).sorted(), "\(country.cca3): \(names) vs \(country.borders ?? [])")
      for neighbour in catalog.neighbours(of: country) {
        #expect((neighbour.borders ?? []).contains(country.cca3), "\(neighbour.cca3) ↔ \(country.cca3)")
      }
    }
  }
}
