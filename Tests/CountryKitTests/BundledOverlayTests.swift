import CountryKit
import CountryModel
import CountryNetwork
import CtryTestSupport
import Foundation
import Testing

/// A refresh lays the bundled data's corrections over the server's records (`BundledOverlay`), here
/// from a bundled file of the test's own: the bundled dataset with Bolivia's two capitals and their
/// roles and, for the test, Norway in the EU, so that each kind of field is seen to come across.
@Suite(.tags(.network)) struct BundledOverlayTests {
  let directory = TestPaths.temporaryDirectory()

  /// The test's bundled file.
  func bundled() throws -> String {
    let data = try #require(FileManager.default.contents(atPath: TestPaths.dataset))
    var records = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    for index in records.indices {
      switch records[index]["cca3"] as? String {
      case "BOL":
        records[index]["capital"] = ["Sucre", "La Paz"]
        records[index]["capitalRoles"] = [
          ["name": "Sucre", "roles": ["constitutional", "judicial"]],
          ["name": "La Paz", "roles": ["executive", "legislative"]],
        ]
      case "NOR":
        records[index]["memberships"] = ((records[index]["memberships"] as? [String: Bool]) ?? [:])
          .merging(["eu": true]) { $1 }
      default: break
      }
    }
    let path = "\(directory)/countries.json"
    try JSONSerialization.data(withJSONObject: records).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The catalog a refresh from `configuration` swaps in.
  func refreshed(_ configuration: APIConfiguration) async throws -> CountryCatalog {
    let cache = CountryCache(directory: "\(directory)/cache", bundledPath: try bundled())
    try FileManager.default.createDirectory(atPath: cache.directory, withIntermediateDirectories: true)
    let store = CountryStore(catalog: TestData.catalog, source: .bundled)
    let outcome = try await store.refresh(with: Refresher(cache: cache, configuration: configuration))
    guard case .updated = outcome else {
      Issue.record("not refreshed: \(outcome)")
      return await store.snapshot.catalog
    }
    return await store.snapshot.catalog
  }

  func country(_ code: String, in catalog: CountryCatalog) throws -> Country {
    try #require(catalog.country(code: code))
  }

  @Test func aV31RefreshTakesEachCorrectedFactFromTheBundledRecord() async throws {
    let fixture = try #require(FileManager.default.contents(atPath: TestPaths.fixture("v3.1-all.json")))
    let server = try FakeRestCountriesServer(v31Records: fixture)
    defer { server.stop() }
    let catalog = try await refreshed(APIConfiguration(baseURL: "\(server.baseURL)/v3.1", flavour: .v31))
    let bundled = try JSONDecoder().decode(
      [Country].self, from: Data(contentsOf: URL(fileURLWithPath: try self.bundled())))
    let served = try JSONDecoder().decode([Country].self, from: fixture)
    func record(_ code: String, in list: [Country]) throws -> Country { try #require(list.first { $0.cca3 == code }) }

    let greenland = try country("GRL", in: catalog)
    #expect(greenland.parent == "DNK" && greenland.dependencyType == "autonomous territory")
    let kosovo = try country("UNK", in: catalog)
    #expect(kosovo.disputed == true && kosovo.independent == true)
    let russia = try country("RUS", in: catalog)
    #expect(russia.timezones == (try record("RUS", in: bundled)).timezones && russia.timezones?.count == 11)
    let zones = try record("RUS", in: bundled).zones
    #expect(russia.zones?.first == "Europe/Kaliningrad" && russia.zones == zones, "no server has zones")
    #expect(russia.population == (try record("RUS", in: bundled)).population)
    #expect(russia.populationYear == (try record("RUS", in: bundled)).populationYear && russia.populationYear != nil)
    let bolivia = try country("BOL", in: catalog)
    #expect(bolivia.capitalRoles?.map(\.name) == ["Sucre", "La Paz"])
    #expect(bolivia.capital == ["Sucre", "La Paz"], "the names go with their roles")
    #expect(try country("EGY", in: catalog).capital == (try record("EGY", in: served)).capital)
    #expect(try country("NOR", in: catalog).isMember(of: "eu") == true)
    #expect(try country("DEU", in: catalog).memberOf.contains("eurozone"))
    // The server's other facts stand.
    #expect(russia.area == (try record("RUS", in: served)).area)
    #expect(russia.area != (try record("RUS", in: bundled)).area, "the fixture and the bundled data differ here")
    #expect(greenland.name.official == (try record("GRL", in: served)).name.official)
  }

  /// v5's memberships are united with the bundled ones: an organisation only v5 has comes in, and a
  /// v5 `false` takes no bundled membership away. Bundled capitals' roles replace v5's.
  @Test func aV5RefreshAddsMembershipsAndTakesNoneAway() async throws {
    let data = try #require(FileManager.default.contents(atPath: TestPaths.dataset))
    let server = try FakeRestCountriesServer(v31Records: data)
    defer { server.stop() }
    let catalog = try await refreshed(APIConfiguration(baseURL: server.v5URL, key: APIKey(server.v5Key)))
    let norway = try country("NOR", in: catalog)
    #expect(norway.memberships?["eu"] == true, "the fake v5 server says false; the bundled file says true")
    #expect(norway.memberships?["nato"] == true)
    let venezuela = try country("VEN", in: catalog)
    #expect(venezuela.memberships?["opec"] == true, "only v5 has OPEC")
    #expect(try country("ARG", in: catalog).memberships?["mercosur"] == true, "only the bundled data has Mercosur")
    let bolivia = try country("BOL", in: catalog)
    #expect(
      bolivia.capitalRoles
        == [
          CapitalRole(name: "Sucre", roles: ["constitutional", "judicial"]),
          CapitalRole(name: "La Paz", roles: ["executive", "legislative"]),
        ])
  }
}
