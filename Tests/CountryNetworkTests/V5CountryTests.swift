import Foundation
import Testing

@testable import CountryModel
@testable import CountryNetwork

/// The v5 record mapped into the v3.1 model, key by key (`docs/REST-COUNTRIES-V5.md`'s table).
@Suite struct V5CountryTests {
  /// A made-up record with every v5 part set, plus search keys and paid-plan ones to ignore.
  static let everything = #"""
    {
      "names": {
        "common": "Testland", "official": "Republic of Testland",
        "native": {"tst": {"common": "Tesla", "official": "Respublika Tesla"}},
        "alternates": ["TL", "Testia"],
        "translations": {"fra": {"common": "Testlande", "official": "République du Testlande"}}
      },
      "codes": {"alpha_2": "TL", "alpha_3": "TST", "ccn3": "999", "cioc": "TSI", "fifa": "TSF", "fips": "TX", "gec": "TX"},
      "capitals": [
        {"name": "Lawtown", "coordinates": {"lat": 1.5, "lng": 2.5},
         "attributes": {"primary": false, "executive": false, "legislative": false, "judicial": true,
                        "administrative": false, "constitutional": true}},
        {"name": "Seatville", "coordinates": {"lat": 3.25, "lng": 4.75},
         "attributes": {"primary": true, "executive": true, "legislative": true, "judicial": false,
                        "administrative": true, "constitutional": false}}
      ],
      "coordinates": {"lat": 10.0, "lng": -20.5},
      "area": {"kilometers": 1234.5, "miles": 476.6},
      "population": 4321,
      "region": "Europe", "subregion": "", "continents": ["Europe"],
      "borders": ["AAA", "BBB"],
      "calling_codes": ["+420", "+421"],
      "cars": {"driving_side": "left", "signs": ["TL"]},
      "currencies": [{"code": "TSD", "name": "Test dollar", "symbol": "T$"}],
      "languages": [{"iso639_1": "ts", "iso639_2b": "tsb", "iso639_2t": "tst", "iso639_3": "tst", "bcp47": "ts",
                     "name": "Testish", "native_name": "Testu"}],
      "demonyms": {"eng": {"f": "Testlander", "m": "Testlander"}},
      "date": {"start_of_week": "sunday"},
      "economy": {"gini_coefficient": {"2019": 31.4}},
      "classification": {"un_member": true, "sovereign": true, "iso_status": "officially-assigned",
                         "dependency": false, "disputed": false, "un_observer": false},
      "landlocked": true,
      "timezones": ["UTC+01:00"], "tlds": [".tl"],
      "postal_code": {"format": "####", "regex": "^(\\d{4})$"},
      "flag": {"emoji": "🏳", "url_png": "https://flags.example/tl.png", "url_svg": "https://flags.example/tl.svg",
               "description": "A white field"},
      "links": {"google_maps": "https://maps.example/g", "open_street_maps": "https://maps.example/o",
                "official": "https://testland.example", "wikipedia": "https://wiki.example/Testland"},
      "memberships": {"eu": true, "eurozone": false, "schengen": true, "nato": false, "un": true, "g7": false,
                      "g20": false, "oecd": true, "opec": false, "brics": false, "asean": false,
                      "african_union": false, "arab_league": false, "commonwealth": true},
      "government_type": "Parliamentary republic",
      "units": {"measurement": "metric"}, "number_format": {"decimal": ","}, "parent": null,
      "leaders": [{"name": "Someone"}],
      "_match": {"field": "names.common"}, "_meta": {"score": 1}
    }
    """#

  @Test func everyPartGoesToItsPlace() throws {
    let country = try JSONDecoder().decode(V5Country.self, from: Data(Self.everything.utf8)).country
    #expect(country.name.common == "Testland" && country.name.official == "Republic of Testland")
    #expect(country.name.nativeName == ["tst": LocalName(official: "Respublika Tesla", common: "Tesla")])
    #expect(country.altSpellings == ["TL", "Testia"])
    #expect(country.translations?["fra"]?.common == "Testlande")
    #expect(country.cca2 == "TL" && country.cca3 == "TST" && country.ccn3 == "999" && country.cioc == "TSI")
    #expect(country.fifa == "TSF")
    #expect(country.capital == ["Seatville", "Lawtown"], "primary first")
    #expect(country.capitalInfo?.latlng == [3.25, 4.75], "the primary capital's coordinates")
    #expect(
      country.capitalRoles == [
        CapitalRole(name: "Seatville", roles: ["primary", "executive", "legislative", "administrative"]),
        CapitalRole(name: "Lawtown", roles: ["judicial", "constitutional"]),
      ])
    #expect(country.latlng == [10.0, -20.5])
    #expect(country.area == 1234.5 && country.population == 4321)
    #expect(country.region == "Europe" && country.subregion == nil, "an empty subregion is absent")
    #expect(country.continents == ["Europe"] && country.borders == ["AAA", "BBB"])
    #expect(country.idd == CallingCode(root: "+4", suffixes: ["20", "21"]))
    #expect(country.car?.side == "left" && country.car?.signs == ["TL"])
    #expect(country.currencies == ["TSD": Currency(name: "Test dollar", symbol: "T$")])
    #expect(country.languages == ["tst": "Testish"])
    #expect(country.demonyms?["eng"] == Demonym(f: "Testlander", m: "Testlander"))
    #expect(country.startOfWeek == "sunday")
    #expect(country.gini == ["2019": 31.4])
    #expect(country.unMember == true && country.independent == true && country.status == "officially-assigned")
    #expect(country.landlocked == true)
    #expect(country.timezones == ["UTC+01:00"] && country.tld == [".tl"])
    #expect(country.postalCode?.format == "####" && country.postalCode?.regex == #"^(\d{4})$"#)
    #expect(country.flag == "🏳")
    #expect(
      country.flags?.png == "https://flags.example/tl.png" && country.flags?.svg == "https://flags.example/tl.svg")
    #expect(country.flags?.alt == "A white field")
    #expect(
      country.maps?.googleMaps == "https://maps.example/g" && country.maps?.openStreetMaps == "https://maps.example/o")
    #expect(country.memberships?["eu"] == true && country.memberships?["nato"] == false)
    #expect(country.memberships?.count == 14)
    #expect(country.memberOf == ["eu", "schengen", "un", "oecd", "commonwealth"])
    #expect(country.governmentType == "Parliamentary republic")
  }

  @Test func theJSONOutputIsV31WithTheV5Extras() throws {
    let country = try JSONDecoder().decode(V5Country.self, from: Data(Self.everything.utf8)).country
    let object = try #require(
      try JSONSerialization.jsonObject(with: JSONEncoder().encode(country)) as? [String: Any])
    for key in [
      "postalCode", "gini", "fifa", "capitalInfo", "maps", "flags", "idd", "car", "startOfWeek", "memberships",
      "governmentType", "capitalRoles",
    ] {
      #expect(object[key] != nil, "\(key)")
    }
    #expect(object["leaders"] == nil && object["_match"] == nil && object["names"] == nil)
    let again = try JSONDecoder().decode(Country.self, from: JSONEncoder().encode(country))
    #expect(again == country, "round-trips through the v3.1 model")
  }

  /// `classification.un_member` and `memberships.un` give one answer: the first when it is there,
  /// else the second, and the record says it in both places.
  @Test func unMembershipIsOneAnswer() throws {
    func decode(_ classification: String, _ un: String) throws -> Country {
      let json =
        #"{"names": {"common": "X"}, "codes": {"alpha_2": "XX", "alpha_3": "XXX"}, "classification": {"#
        + classification + #"}, "memberships": {"eu": false, "un": "# + un + "}}"
      return try JSONDecoder().decode(V5Country.self, from: Data(json.utf8)).country
    }
    let onlyMemberships = try decode("", "true")
    #expect(onlyMemberships.unMember == true && onlyMemberships.memberships?["un"] == true)
    let disagreeing = try decode(#""un_member": false"#, "true")
    #expect(disagreeing.unMember == false && disagreeing.memberships?["un"] == false)
    #expect(!disagreeing.memberOf.contains("un"))
  }

  /// `parent` (`{"alpha_2", "alpha_3"}`, null for a sovereign state) and the
  /// classification's `dependency_type` and `disputed` go to the model's `parent`, `dependencyType`
  /// and `disputed`; a parent code that is no code is left out.
  @Test func sovereigntyFromTheParentAndTheClassification() throws {
    func decode(_ parts: String) throws -> Country {
      let json = #"{"names": {"common": "X"}, "codes": {"alpha_2": "XX", "alpha_3": "XXX"}, "# + parts + "}"
      return try JSONDecoder().decode(V5Country.self, from: Data(json.utf8)).country
    }
    let greenland = try decode(
      #""parent": {"alpha_2": "DK", "alpha_3": "DNK"}, "classification": {"sovereign": false, "#
        + #""dependency": true, "dependency_type": "autonomous territory", "disputed": false}"#)
    #expect(greenland.parent == "DNK" && greenland.dependencyType == "autonomous territory")
    #expect(greenland.disputed == false && greenland.independent == false)
    #expect(try decode(#""parent": {"alpha_2": "dk"}"#).parent == "DK")
    #expect(try decode(#""parent": {"alpha_3": "<script>"}"#).parent == nil)
    let sovereign = try JSONDecoder().decode(V5Country.self, from: Data(Self.everything.utf8)).country
    #expect(sovereign.parent == nil && sovereign.disputed == false && sovereign.dependencyType == nil)
  }

  @Test func onlyNamesAndCodesAreRequired() throws {
    let minimal = #"{"names": {"common": "Nowhere"}, "codes": {"alpha_2": "NW", "alpha_3": "NWH"}, "area": "big"}"#
    let country = try JSONDecoder().decode(V5Country.self, from: Data(minimal.utf8)).country
    #expect(country.name.official == "Nowhere" && country.region == "" && country.area == nil)
    #expect(country.memberships == nil && country.capitalRoles == nil && country.flag == Country.emoji(forAlpha2: "NW"))
    let missing = #"{"names": {"official": "No common"}, "codes": {"alpha_2": "NW", "alpha_3": "NWH"}}"#
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(V5Country.self, from: Data(missing.utf8)) }
  }

  @Test func callingCodes() {
    #expect(V5Country.callingCode(["+20"]) == CallingCode(root: "+2", suffixes: ["0"]))
    #expect(V5Country.callingCode(["+1"]) == CallingCode(root: "+1", suffixes: []))
    #expect(V5Country.callingCode([]) == nil)
    #expect(V5Country.callingCode(["+591"])?.codes == ["+591"])
  }
}

@Suite struct V5HostileNumbersTests {
  @Test func hugeOrOddNumbersAreLeftOut() throws {
    let record = #"""
      {"names": {"common": "Bigland"}, "codes": {"alpha_2": "BL", "alpha_3": "BLX"},
       "population": 1e300, "area": {"kilometers": "NaN"}, "coordinates": {"lat": "inf", "lng": 2},
       "economy": {"gini_coefficient": {"2020": "lots"}}}
      """#
    let country = try JSONDecoder().decode(V5Country.self, from: Data(record.utf8)).country
    #expect(country.population == nil && country.area == nil)
    #expect(country.latlng == nil && country.gini == nil)
    #expect(throws: Never.self) { try JSONEncoder().encode(country) }
  }
}
