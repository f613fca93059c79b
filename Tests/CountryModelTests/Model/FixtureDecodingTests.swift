import CountryModel
import CtrySystem
import CtryTestSupport
import Foundation
import Testing

/// The model reads the real `/v3.1/all` payload (`Tests/Fixtures/restcountries`).
@Suite struct FixtureDecodingTests {
  @Test
  func decodesTheRealV31Payload() throws {
    let path = TestPaths.fixture("v3.1-all.json")
    let data = try #require(FileManager.default.contents(atPath: path))
    let countries = try CountryDecoding.decodeList([UInt8](data), origin: path)
    #expect(countries.count == 250)
    let catalog = CountryCatalog(countries: countries)
    #expect(catalog.count == 250)
    let egypt = try #require(catalog.country(code: "EG"))
    #expect(egypt.capital == ["Cairo"])
    #expect(egypt.currencies?["EGP"] != nil)
    guard case .found(let belarus, _) = catalog.resolve("Běloruská republika") else {
      Issue.record("translation lookup failed")
      return
    }
    #expect(belarus.cca3 == "BLR")
  }

  @Test func decodingErrorsNameTheFieldPath() {
    let data = Data(#"[{"name":{"common":"X","official":"X"},"cca2":"XX","cca3":"XXX","region":5}]"#.utf8)
    #expect(throws: CtryError.self) { try CountryDecoding.decodeList([UInt8](data), origin: "test") }
    do {
      _ = try CountryDecoding.decodeList([UInt8](data), origin: "test")
    } catch {
      #expect(error.message.contains("[0].region"), "\(error.message)")
    }
  }

  @Test func encodesBackToTheV31Shape() throws {
    let egypt = try #require(TestData.catalog.country(code: "EGY"))
    let data = try JSONEncoder().encode(egypt)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let name = try #require(object["name"] as? [String: Any])
    #expect(name["common"] as? String == "Egypt")
    #expect((object["capital"] as? [String]) == ["Cairo"])
    #expect((object["currencies"] as? [String: Any])?["EGP"] != nil)
  }
}
