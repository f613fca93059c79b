import CtryTestSupport
import Foundation
import Testing

@Suite struct DetailsCommandTests {
  @Test func cardShowsEverything() async {
    let result = await TestShell().run("details Egypt")
    #expect(result.status == 0)
    for expected in [
      "🇪🇬  Egypt", "Arab Republic of Egypt", "Capital", "Cairo", "EGP", "Arabic", "Libya", "Sudan", "Population", "km²",
      "+20", ".eg",
    ] {
      #expect(result.out.contains(expected), "missing \(expected)")
    }
  }

  /// Two countries where one is expected: the hint names `compare` with them, quoted where needed.
  @Test func twoCountriesHintAtCompare() async {
    let result = await TestShell().run("details Egypt Japan")
    #expect(result.status == 1)
    #expect(result.err == "unknown country 'Egypt Japan' — to put them side by side: compare Egypt Japan\n")
    let spaced = await TestShell().run("details new zealand south africa peru")
    #expect(
      spaced.err.hasSuffix(" — to put them side by side: compare 'New Zealand' 'South Africa' Peru\n"), "\(spaced.err)")
    let typo = await TestShell().run("details Egypt Jpaan")
    #expect(!typo.err.contains("compare"), "only when every part is a country: \(typo.err)")
  }

  /// Each population says the year it counts; the postal code format is on the card.
  @Test func populationWithItsYearAndPostalCode() async {
    let egypt = await TestShell().run("details Egypt")
    #expect(egypt.out.contains("Population       112,870,457 (2025 est., CIA World Factbook)"), "\(egypt.out)")
    #expect(egypt.out.contains("Postal code      ##### (# digit)"), "\(egypt.out)")
    #expect(await TestShell().run("details Ireland").out.contains("5,233,461 (2024 est., CIA World Factbook)"))
    #expect(
      await TestShell().run("details Kosovo").out.contains("1,586,659 (2024 census, Kosovo Agency of Statistics)"))
    #expect(await TestShell().run("details Guadeloupe").out.contains("(2021 est., CIA World Factbook via CLDR 41)"))
    let plain = await TestShell(format: .plain).run("details Egypt")
    #expect(plain.out.contains("Population: 112,870,457 (2025 est., CIA World Factbook)\n"), "\(plain.out)")
  }

  /// CSV is for programs: raw numbers, the flag apart, region and subregion apart.
  @Test func csvGivesRawValues() async {
    let result = await TestShell(format: .csv).run("details Egypt")
    #expect(result.status == 0)
    let rows = result.out.components(separatedBy: "\r\n")
    #expect(rows.prefix(4) == ["field,value", "name,Egypt", "flag,🇪🇬", "official,Arab Republic of Egypt"], "\(rows)")
    for row in [
      "population,112870457", "population_year,2025", "population_source,\"est., CIA World Factbook\"", "area,1002450",
      "region,Africa", "subregion,Northern Africa",
      "capital,Cairo", "cca2,EG", "cca3,EGY", "ccn3,818", "postal_code_format,#####", "postal_code_regex,^(\\d{5})$",
    ] {
      #expect(rows.contains(row), "missing \(row) in \(rows)")
    }
    #expect(!result.out.contains("km²") && !result.out.contains("112,870,457") && !result.out.contains(" · "))
    let home = await TestShell(format: .csv).run("home")
    #expect(home.out.hasPrefix("field,value\r\nname,Egypt\r\nflag,🇪🇬\r\n"), "the short card too: \(home.out)")
    let table = await TestShell().run("details Egypt")
    #expect(table.out.contains("Africa · Northern Africa") && table.out.contains("1,002,450 km²"), "people's card")
  }

  @Test func jsonIsTheV31Object() async throws {
    let result = await TestShell(format: .json).run("details Egypt")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    #expect((object["capital"] as? [String]) == ["Cairo"])
    let egp = try #require((object["currencies"] as? [String: Any])?["EGP"] as? [String: String])
    #expect(egp["symbol"]?.isEmpty == false)
    #expect((object["languages"] as? [String: String])?["ara"] == "Arabic")
    let borders = Set(object["borders"] as? [String] ?? [])
    #expect(borders.isSuperset(of: ["LBY", "SDN"]))
  }

  /// The bundled data names each capital's roles, and the card shows them.
  @Test(arguments: [
    ("Bolivia", "Sucre (constitutional, judicial), La Paz (executive, legislative)"),
    ("South Africa", "Pretoria (executive), Bloemfontein (judicial), Cape Town (legislative)"),
    ("Netherlands", "Amsterdam (constitutional), The Hague (executive, legislative, judicial)"),
  ])
  func cardShowsEachCapitalWithItsRoles(country: String, capitals: String) async {
    let result = await TestShell(format: .plain).run("details '\(country)'")
    #expect(result.status == 0, "\(result)")
    let line = result.out.split(separator: "\n").first { $0.hasPrefix("Capital") }
    #expect(line == "Capital: \(capitals)", "\(country): \(line ?? "no capital line")")
  }

  @Test func ambiguousAndUnknown() async {
    let ambiguous = await TestShell().run("details united")
    #expect(ambiguous.status == 1)
    #expect(ambiguous.err.contains("United Kingdom") && ambiguous.err.contains("United States"))
    let unknown = await TestShell().run("details Grmny")
    #expect(unknown.status == 1)
    #expect(unknown.err == "unknown country 'Grmny' — did you mean 'Germany'?\n")
    #expect(await TestShell().run("details").status == 2)
  }

  @Test func helpFlag() async {
    let result = await TestShell().run("details --help")
    #expect(result.status == 0)
    #expect(result.out.contains("Usage: details COUNTRY") && result.out.contains("Examples:"))
  }

  /// The card says how a country stands, from the data: its sovereign and the kind
  /// of territory, whether it is independent and in the UN, and the disputed cases as they are.
  @Test(arguments: [
    ("Greenland", "part of the Kingdom of Denmark (autonomous territory); not independent; not a UN member"),
    ("Aruba", "part of the Kingdom of the Netherlands (constituent country); not independent; not a UN member"),
    (
      "Bermuda",
      "dependency of the United Kingdom of Great Britain and Northern Ireland (British Overseas Territory); "
        + "not independent; not a UN member"
    ),
    ("Cook Islands", "self-governing, in free association with New Zealand; not independent; not a UN member"),
    ("Antarctica", "Antarctic Treaty area, no sovereign state; not independent; not a UN member"),
    ("Taiwan", "disputed, partially recognised; not a UN member"),
    ("Palestine", "disputed, partially recognised; not a UN member"),
    ("Western Sahara", "disputed, partially recognised; not a UN member"),
    ("Kosovo", "independent, partially recognised; not a UN member"),
    ("Vatican City", "sovereign state; not a UN member"),
    ("Egypt", "sovereign state; UN member"),
  ])
  func cardSaysHowTheCountryStands(_ name: String, _ sovereignty: String) async {
    let plain = await TestShell(format: .plain).run("details \(name)")
    #expect(plain.status == 0)
    #expect(plain.out.contains("\nSovereignty: \(sovereignty)\n"), "\(plain.out)")
  }

  /// The demonym and the IOC code (which input already accepts) are on the card, for people and for
  /// programs; a territory with no National Olympic Committee has no IOC line.
  @Test func demonymAndIOCCode() async throws {
    let table = await TestShell().run("details Egypt")
    #expect(table.out.contains("\nDemonym          Egyptian\n"), "\(table.out)")
    #expect(table.out.contains("\nIOC code         EGY\n"), "\(table.out)")
    let germany = await TestShell(format: .plain).run("details GER")
    #expect(germany.out.contains("\nDemonym: German\n") && germany.out.contains("\nIOC code: GER\n"), "\(germany.out)")
    let greenland = await TestShell(format: .plain).run("details Greenland")
    #expect(greenland.out.contains("\nDemonym: Greenlandic\n") && !greenland.out.contains("IOC"), "\(greenland.out)")
  }

  /// CSV and plain carry the new facts; JSON is the record in the API's shape, whose v5 extras are
  /// named as v5 names them (`parent`, `dependencyType`, `disputed`, like `governmentType`).
  @Test func machineFormatsCarryTheNewFacts() async throws {
    let csv = await TestShell(format: .csv).run("details Greenland")
    let rows = csv.out.components(separatedBy: "\r\n")
    for row in [
      "sovereignty,part of the Kingdom of Denmark (autonomous territory); not independent; not a UN member",
      "independent,false", "un_member,false", "parent,DNK", "dependency_type,autonomous territory",
      "demonym,Greenlandic",
    ] {
      #expect(rows.contains(row), "missing \(row) in \(rows)")
    }
    let egypt = await TestShell(format: .csv).run("details Egypt").out.components(separatedBy: "\r\n")
    for row in ["sovereignty,sovereign state; UN member", "independent,true", "un_member,true", "cioc,EGY"] {
      #expect(egypt.contains(row), "missing \(row) in \(egypt)")
    }
    #expect(!egypt.contains { $0.hasPrefix("parent,") || $0.hasPrefix("disputed,") })
    let kosovo = await TestShell(format: .csv).run("details Kosovo").out.components(separatedBy: "\r\n")
    #expect(kosovo.contains("disputed,true") && kosovo.contains("cioc,KOS"), "\(kosovo)")

    let json = await TestShell(format: .json).run("details Greenland")
    let greenland = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    #expect(greenland["parent"] as? String == "DNK")
    #expect(greenland["dependencyType"] as? String == "autonomous territory")
    #expect(greenland["independent"] as? Bool == false && greenland["unMember"] as? Bool == false)
    #expect((greenland["demonyms"] as? [String: [String: String]])?["eng"]?["m"] == "Greenlandic")
    #expect(greenland["disputed"] == nil && greenland["sovereignty"] == nil, "the API's names only")
    let taiwan = await TestShell(format: .json).run("details Taiwan")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(taiwan.out.utf8)) as? [String: Any])
    #expect(object["disputed"] as? Bool == true && object["cioc"] as? String == "TPE" && object["parent"] == nil)
  }
}
