import Foundation

/// Ways a v5 answer can be wrong, set with `FakeRestCountriesServer.Fault.v5(_:)`.
package enum FakeV5Quirk: Sendable, Equatable {
  /// Pages after the first repeat the previous page's last record.
  case duplicateCode
  /// Pages after the first announce one more country in `meta.total`.
  case changingTotal
  /// `classification` has no `un_member`: only `memberships.un` says who is in the UN.
  case unMemberOnlyInMemberships
}

/// The keyed REST Countries v5 routes of the fake server, after `docs/REST-COUNTRIES-V5.md`: base
/// `/countries/v5`, `Authorization: Bearer KEY`, the list paged by `limit` (1–`maxLimit`, default 25) and
/// `offset` with `data.meta.more`, `q=` free-text search and `/name?q=` with `_match`/`_meta` on each
/// object, `/codes.alpha_2|alpha_3|ccn3|cioc/{X}`, `response_fields_omit`, and failures as
/// `{"errors":[{"message":…}]}`.
struct FakeV5API: Sendable {
  typealias Quirk = FakeV5Quirk

  static let prefix = ["countries", "v5"]

  let records: [FakeJSON]
  let key: String
  let maxLimit: Int

  init(v31: [FakeJSON], key: String, maxLimit: Int = 100) {
    let alpha2 = Dictionary(
      v31.compactMap { record in record["cca3"]?.string.flatMap { code in record["cca2"]?.string.map { (code, $0) } } }
    ) { first, _ in first }
    records = v31.map { Self.object($0, alpha2: alpha2) }
    self.key = key
    self.maxLimit = maxLimit
  }

  static func error(_ status: Int, _ messages: [String]) -> FakeHTTPResponse {
    let errors: [FakeJSON] = messages.map { .make([("message", .string($0))]) }
    let body = FakeJSON.make([("errors", .array(errors))]).serialized()
    return FakeHTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: body)
  }

  /// The bearer token a request offers, or "".
  static func token(_ request: FakeHTTPRequest) -> String {
    let parts = (request.headers["authorization"] ?? "").split(separator: " ", maxSplits: 1)
    guard parts.count == 2, parts[0].lowercased() == "bearer" else { return "" }
    return parts[1].trimmingCharacters(in: .whitespaces)
  }

  /// `segments` follow `/countries/v5`.
  func respond(to request: FakeHTTPRequest, segments: [String], quirk: Quirk?) -> FakeHTTPResponse {
    guard request.method == "GET" || request.method == "HEAD" else {
      return Self.error(405, ["Method not allowed: only GET is supported"])
    }
    guard Self.token(request) == key else {
      return Self.error(401, ["Invalid or missing API key", "Send Authorization: Bearer <key>"])
    }
    let omitted = Set((request.query["response_fields_omit"] ?? "").split(separator: ",").map(String.init))
    switch segments.count {
    case 0:
      var matches = records
      var searched = false
      if let q = request.query["q"] {
        guard !q.isEmpty else { return Self.error(400, ["q must not be empty"]) }
        matches = search(q)
        searched = true
      }
      return page(matches, request, omitted: omitted, searched: searched, quirk: quirk)
    case 1 where segments[0] == "name":
      guard let q = request.query["q"], !q.isEmpty else { return Self.error(400, ["q must not be empty"]) }
      let matches = search(q)
      guard !matches.isEmpty else { return Self.error(404, ["No country matches '\(q)'"]) }
      return page(matches, request, omitted: omitted, searched: true, quirk: nil)
    case 2 where segments[0].hasPrefix("codes."):
      let field = String(segments[0].dropFirst("codes.".count))
      guard ["alpha_2", "alpha_3", "ccn3", "cioc"].contains(field) else {
        return Self.error(404, ["Unknown property codes.\(field)"])
      }
      let wanted = segments[1].uppercased()
      let matches = records.filter { $0["codes"]?[field]?.string?.uppercased() == wanted }
      guard !matches.isEmpty else { return Self.error(404, ["No country with codes.\(field) \(segments[1])"]) }
      return page(matches, request, omitted: omitted, searched: false, quirk: nil)
    default:
      return Self.error(404, ["Unknown endpoint"])
    }
  }

  private func search(_ text: String) -> [FakeJSON] {
    let needle = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    return records.filter { record in
      let names = record["names"]
      let candidates =
        [names?["common"]?.string, names?["official"]?.string].compactMap { $0 }
        + (names?["alternates"]?.strings ?? [])
      return candidates.contains {
        $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).contains(needle)
      }
    }
  }

  private func page(
    _ matches: [FakeJSON], _ request: FakeHTTPRequest, omitted: Set<String>, searched: Bool, quirk: Quirk?
  ) -> FakeHTTPResponse {
    var limit = 25
    if let text = request.query["limit"] {
      guard let value = Int(text), (1...maxLimit).contains(value) else {
        return Self.error(400, ["limit must be an integer between 1 and \(maxLimit)"])
      }
      limit = value
    }
    var offset = 0
    if let text = request.query["offset"] {
      guard let value = Int(text), value >= 0 else { return Self.error(400, ["offset must be a non-negative integer"]) }
      offset = value
    }
    let start = min(offset, matches.count)
    let end = min(start + limit, matches.count)
    var objects = Array(matches[start..<end])
    if quirk == .duplicateCode, start > 0 { objects[0] = matches[start - 1] }
    objects = objects.map { object in
      guard case .object(let members) = object else { return object }
      var kept = members.filter { !omitted.contains($0.key) }
      if quirk == .unMemberOnlyInMemberships {
        kept = kept.map { member in
          guard member.key == "classification", case .object(let parts) = member.value else { return member }
          return FakeJSONMember(key: member.key, value: .object(parts.filter { $0.key != "un_member" }))
        }
      }
      if searched {
        kept.append(FakeJSONMember(key: "_match", value: .make([("field", .string("names.common"))])))
        kept.append(FakeJSONMember(key: "_meta", value: .make([("score", .number("1.0"))])))
      }
      return .object(kept)
    }
    let total = matches.count + (quirk == .changingTotal && start > 0 ? 1 : 0)
    let meta = FakeJSON.make([
      ("total", .int(total)), ("count", .int(objects.count)), ("limit", .int(limit)), ("offset", .int(offset)),
      ("more", .bool(end < matches.count)), ("request_id", .string("req-\(offset)")), ("duration", .number("0.004")),
    ])
    return FakeCountriesAPI.ok(.make([("data", .make([("objects", .array(objects)), ("meta", meta)]))]), for: request)
  }

  // MARK: Records

  static let eu: Set<String> = [
    "AUT", "BEL", "BGR", "HRV", "CYP", "CZE", "DNK", "EST", "FIN", "FRA", "DEU", "GRC", "HUN", "IRL", "ITA", "LVA",
    "LTU", "LUX", "MLT", "NLD", "POL", "PRT", "ROU", "SVK", "SVN", "ESP", "SWE",
  ]
  static let nato: Set<String> = [
    "ALB", "BEL", "BGR", "CAN", "HRV", "CZE", "DNK", "EST", "FIN", "FRA", "DEU", "GRC", "HUN", "ISL", "ITA", "LVA",
    "LTU", "LUX", "MNE", "NLD", "MKD", "NOR", "POL", "PRT", "ROU", "SVK", "SVN", "ESP", "SWE", "TUR", "GBR", "USA",
  ]
  static let g7: Set<String> = ["CAN", "FRA", "DEU", "ITA", "JPN", "GBR", "USA"]
  /// An organisation the bundled data does not hold.
  static let opec: Set<String> = ["DZA", "COG", "GNQ", "GAB", "IRN", "IRQ", "KWT", "LBY", "NGA", "SAU", "ARE", "VEN"]

  /// A v3.1 record in the v5 shape, every part the v3.1 record has; memberships from the lists above,
  /// Bolivia's two capitals with their roles, and the sovereign state (`parent`, with its alpha-2
  /// code from `alpha2`), the kind of territory and the dispute of the record's v5 extras.
  static func object(_ record: FakeJSON, alpha2: [String: String] = [:]) -> FakeJSON {
    let cca3 = record["cca3"]?.string ?? ""
    let names = FakeJSON.make([
      ("common", record["name"]?["common"]), ("official", record["name"]?["official"]),
      ("native", record["name"]?["nativeName"]), ("alternates", record["altSpellings"]),
      ("translations", record["translations"]),
    ])
    let codes = FakeJSON.make([
      ("alpha_2", record["cca2"]), ("alpha_3", record["cca3"]), ("ccn3", record["ccn3"]), ("cioc", record["cioc"]),
      ("fifa", record["fifa"]),
    ])
    var capitals: FakeJSON?
    if cca3 == "BOL" {
      capitals = .array([
        capital("Sucre", [-19.04, -65.26], ["primary", "constitutional", "judicial"]),
        capital("La Paz", [-16.5, -68.15], ["executive", "legislative"]),
      ])
    } else if let list = record["capital"]?.array {
      let latlng = record["capitalInfo"]?["latlng"]?.array
      capitals = .array(
        list.enumerated().map { index, name in
          var members: [(String, FakeJSON?)] = [("name", name)]
          if index == 0, let latlng, latlng.count == 2 {
            members.append(("coordinates", .make([("lat", latlng[0]), ("lng", latlng[1])])))
          }
          members.append(("attributes", .make([("primary", .bool(index == 0))])))
          return .make(members)
        })
    }
    var coordinates: FakeJSON?
    if let latlng = record["latlng"]?.array, latlng.count == 2 {
      coordinates = .make([("lat", latlng[0]), ("lng", latlng[1])])
    }
    var callingCodes: FakeJSON?
    if let root = record["idd"]?["root"]?.string {
      let suffixes = record["idd"]?["suffixes"]?.strings ?? []
      let codes = suffixes.isEmpty ? [root] : suffixes.map { root + $0 }
      callingCodes = .array(codes.map { FakeJSON.string($0) })
    }
    var currencies: FakeJSON?
    if let members = record["currencies"]?.members {
      currencies = .array(
        members.map { .make([("code", .string($0.key)), ("name", $0.value["name"]), ("symbol", $0.value["symbol"])]) })
    }
    var languages: FakeJSON?
    if let members = record["languages"]?.members {
      languages = .array(members.map { .make([("iso639_3", .string($0.key)), ("name", $0.value)]) })
    }
    let un = record["unMember"]?.bool ?? false
    let memberships = FakeJSON.make([
      ("eu", .bool(eu.contains(cca3))), ("nato", .bool(nato.contains(cca3))), ("g7", .bool(g7.contains(cca3))),
      ("opec", .bool(opec.contains(cca3))),
      ("un", .bool(un)),
    ])
    var governmentType: FakeJSON?
    switch cca3 {
    case "DEU": governmentType = .string("Federal parliamentary republic")
    case "BOL": governmentType = .string("Unitary presidential republic")
    case "JPN": governmentType = .string("Unitary parliamentary constitutional monarchy")
    default: break
    }
    let pairs: [(String, FakeJSON?)] = [
      ("names", names),
      ("codes", codes),
      ("capitals", capitals),
      ("coordinates", coordinates),
      ("area", record["area"].map { .make([("kilometers", $0)]) }),
      ("population", record["population"]),
      ("region", record["region"]),
      ("subregion", record["subregion"] ?? .string("")),
      ("continents", record["continents"]),
      ("borders", record["borders"]),
      ("calling_codes", callingCodes),
      ("cars", record["car"].map { .make([("driving_side", $0["side"]), ("signs", $0["signs"])]) }),
      ("currencies", currencies),
      ("languages", languages),
      ("demonyms", record["demonyms"]),
      ("date", record["startOfWeek"].map { .make([("start_of_week", $0)]) }),
      ("economy", record["gini"].map { .make([("gini_coefficient", $0)]) }),
      (
        "classification",
        .make([
          ("un_member", record["unMember"]), ("sovereign", record["independent"]), ("iso_status", record["status"]),
          ("dependency", .bool(record["parent"] != nil)), ("dependency_type", record["dependencyType"]),
          ("disputed", .bool(record["disputed"]?.bool ?? false)),
        ])
      ),
      (
        "parent",
        record["parent"]?.string.map { code in
          FakeJSON.make([("alpha_2", alpha2[code].map(FakeJSON.string)), ("alpha_3", .string(code))])
        } ?? .null
      ),
      ("landlocked", record["landlocked"]),
      ("timezones", record["timezones"]),
      ("tlds", record["tld"]),
      ("postal_code", record["postalCode"]),
      (
        "flag",
        .make([
          ("emoji", record["flag"]), ("url_png", record["flags"]?["png"]), ("url_svg", record["flags"]?["svg"]),
          ("description", record["flags"]?["alt"]),
        ])
      ),
      (
        "links",
        .make([("google_maps", record["maps"]?["googleMaps"]), ("open_street_maps", record["maps"]?["openStreetMaps"])])
      ),
      ("memberships", memberships),
      ("government_type", governmentType),
      ("leaders", .array([.make([("name", .string("paid plans only"))])])),
    ]
    return .make(pairs)
  }

  private static func capital(_ name: String, _ latlng: [Double], _ roles: [String]) -> FakeJSON {
    let attributes = ["primary", "executive", "legislative", "judicial", "administrative", "constitutional"].map {
      ($0, Optional(FakeJSON.bool(roles.contains($0))))
    }
    return .make([
      ("name", .string(name)),
      ("coordinates", .make([("lat", .number(String(latlng[0]))), ("lng", .number(String(latlng[1])))])),
      ("attributes", .make(attributes)),
    ])
  }
}
