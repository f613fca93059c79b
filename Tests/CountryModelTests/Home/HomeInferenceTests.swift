import CountryKit
import CountryModel
import CountryStorage
import CtryTestSupport
import Testing

@Suite struct HomeInferenceTests {
  static let zoneTab = """
    # comment
    DE\t+5230+01322\tEurope/Berlin\tmost of Germany
    EG\t+3003+03115\tAfrica/Cairo
    JP\t+353916+1394441\tAsia/Tokyo
    """
  static let zone1970 = "CH,DE,LI\t+4723+00832\tEurope/Zurich\n"

  func inference(
    _ environment: [String: String], link: String? = nil, timezoneFile: String? = nil
  ) -> HomeInference {
    HomeInference(
      environment: environment,
      readFile: { path in
        switch path {
        case "/usr/share/zoneinfo/zone.tab": return Self.zoneTab
        case "/usr/share/zoneinfo/zone1970.tab": return Self.zone1970
        case "/etc/timezone": return timezoneFile
        default: return nil
        }
      },
      readLink: { path in path == "/etc/localtime" ? link : nil })
  }

  @Test func timeZoneFromTZ() {
    #expect(inference(["TZ": "Europe/Berlin"]).infer() == HomeChoice(code: "DE", source: .timeZone("Europe/Berlin")))
    #expect(inference(["TZ": ":Africa/Cairo"]).infer().code == "EG")
    #expect(inference(["TZ": "Europe/Zurich"]).infer().code == "CH", "zone1970.tab's first country")
  }

  /// On the machine's own tables (when it has them): every zone of zone.tab gives its line's country,
  /// read here by splitting the text.
  @Test func everyZoneOfTheSystemTableGivesItsCountry() throws {
    guard let table = HomeInference.text(at: "/usr/share/zoneinfo/zone.tab") else { return }
    var checked = 0
    var first: [String: String] = [:]
    for line in table.split(separator: "\n") where !line.hasPrefix("#") {
      let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard columns.count >= 3, first[String(columns[2])] == nil else { continue }
      first[String(columns[2])] = String(columns[0])
    }
    for (zone, code) in first {
      #expect(HomeInference(environment: ["TZ": zone]).infer().code == code, "\(zone)")
      checked += 1
    }
    #expect(checked > 300)
  }

  @Test func timeZoneFromTheSystem() {
    #expect(inference([:], link: "/usr/share/zoneinfo/Asia/Tokyo").infer().code == "JP")
    #expect(inference([:], timezoneFile: "Europe/Berlin\n").infer().code == "DE")
  }

  @Test func localeWhenTheZoneNamesNoCountry() {
    let choice = inference(["TZ": "Etc/UTC", "LANG": "en_GB.UTF-8"]).infer()
    #expect(choice == HomeChoice(code: "GB", source: .locale("en_GB.UTF-8")))
    #expect(inference(["LC_ALL": "fr_CA.UTF-8", "LANG": "en_GB.UTF-8"]).infer().code == "CA", "LC_ALL wins")
    #expect(inference(["LANG": "pt_BR"]).infer().code == "BR")
  }

  @Test func egyptWhenNothingCanBeInferred() {
    #expect(inference(["LANG": "C.UTF-8"]).infer() == HomeChoice(code: "EGY", source: .fallback))
    #expect(inference([:]).infer().code == "EGY")
  }

  @Test func serviceUsesTheSavedChoiceFirst() throws {
    let directory = TestPaths.temporaryDirectory()
    let store = HomeStore(state: StateDatabase(directory: directory))
    let service = HomeService(store: store, inference: inference(["TZ": "Asia/Tokyo"]))
    #expect(service.current(in: TestData.catalog)?.country.cca3 == "JPN")
    try store.save("DEU")
    let current = service.current(in: TestData.catalog)
    #expect(current?.country.cca3 == "DEU" && current?.source == .saved)
    #expect(try store.reset())
    #expect(service.current(in: TestData.catalog)?.country.cca3 == "JPN")
  }
}
