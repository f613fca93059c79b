import Foundation
import Synchronization

/// The REST Countries routes of the fake server, as a pure function from request to response.
/// Faults are not applied here (see `FakeRestCountriesServer`).
struct FakeCountriesAPI: Sendable {
  enum Schema: Sendable { case v31, v2 }

  struct DataError: Error, CustomStringConvertible {
    var description: String
  }

  static let fieldsMessage = "'fields' query not specified or you're requesting more than 10 fields"

  let v31: [FakeJSON]
  let v2: [FakeJSON]
  let v5: FakeV5API

  init(v31Records: Data, v2Records: Data?, v5Key: String) throws {
    v31 = try Self.records(v31Records, what: "v31Records")
    v2 = try v2Records.map { try Self.records($0, what: "v2Records") } ?? v31.map(Self.v2Record)
    v5 = FakeV5API(v31: v31, key: v5Key)
  }

  /// The API for these payloads: made once per test process for the same bytes (most servers serve
  /// the real fixture or the bundled data), anew for others.
  static func serving(v31Records: Data, v2Records: Data?, v5Key: String) throws -> FakeCountriesAPI {
    let key = Made(v31: v31Records, v2: v2Records, v5Key: v5Key)
    if let api = made.withLock({ $0[key] }) { return api }
    let api = try FakeCountriesAPI(v31Records: v31Records, v2Records: v2Records, v5Key: v5Key)
    made.withLock {
      if $0.count >= 8 { $0.removeAll() }
      $0[key] = api
    }
    return api
  }

  private struct Made: Hashable, Sendable {
    var v31: Data
    var v2: Data?
    var v5Key: String
  }

  private static let made = Mutex<[Made: FakeCountriesAPI]>([:])

  private static func records(_ data: Data, what: String) throws -> [FakeJSON] {
    guard let records = try FakeJSON.parse(Array(data)).array, records.allSatisfy({ $0.members != nil }) else {
      throw DataError(description: "\(what) is not a JSON array of objects")
    }
    return records
  }

  // MARK: Responses

  static func error(_ status: Int, _ message: String) -> FakeHTTPResponse {
    let body = FakeJSON.make([("status", .int(status)), ("message", .string(message))]).serialized()
    return FakeHTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: body)
  }

  static let notFound = error(404, "Not Found")
  static let badRequest = error(400, "Bad Request")

  /// 200 with the JSON body, or 304 when the request's validators match it.
  static func ok(_ json: FakeJSON, for request: FakeHTTPRequest) -> FakeHTTPResponse {
    let body = json.serialized()
    let tag = FakeHTTP.entityTag(body)
    let validators: [(name: String, value: String)] = [("ETag", tag), ("Last-Modified", FakeHTTP.lastModified)]
    if let ifNoneMatch = request.headers["if-none-match"] {
      let tags = ifNoneMatch.split(separator: ",").map {
        var tag = $0.trimmingCharacters(in: .whitespaces)
        if tag.hasPrefix("W/") { tag.removeFirst(2) }
        return tag
      }
      if tags.contains(tag) || tags.contains("*") {
        return FakeHTTPResponse(status: 304, headers: validators, body: [])
      }
    } else if request.headers["if-modified-since"] == FakeHTTP.lastModified {
      return FakeHTTPResponse(status: 304, headers: validators, body: [])
    }
    return FakeHTTPResponse(status: 200, headers: [("Content-Type", "application/json")] + validators, body: body)
  }

  /// A record left out of the `/all` chunks that ask for a field: the country whose alpha-3 code
  /// is `code`, from each chunk whose `fields` include `field`.
  struct Omission: Sendable, Equatable {
    var code: String
    var field: String
  }

  func respond(
    to request: FakeHTTPRequest, quirk: FakeV5API.Quirk? = nil, omitting omission: Omission? = nil
  ) -> FakeHTTPResponse {
    let segments = request.path.split(separator: "/").map(String.init)
    if Array(segments.prefix(2)) == FakeV5API.prefix {
      return v5.respond(to: request, segments: Array(segments.dropFirst(2)), quirk: quirk)
    }
    guard request.method == "GET" || request.method == "HEAD" else {
      return Self.error(405, "Method Not Allowed")
    }
    switch segments.first {
    case "v3.1": return countries(.v31, Array(segments.dropFirst()), request, omitting: omission)
    case "v2": return countries(.v2, Array(segments.dropFirst()), request, omitting: omission)
    default: return Self.notFound
    }
  }

  // MARK: /v3.1 and /v2

  private func countries(
    _ schema: Schema, _ segments: [String], _ request: FakeHTTPRequest, omitting omission: Omission?
  ) -> FakeHTTPResponse {
    guard let endpoint = segments.first?.lowercased() else { return Self.notFound }
    let records = schema == .v31 ? v31 : v2
    let argument = segments.count > 1 ? segments.dropFirst().joined(separator: "/") : nil
    let fields = request.query["fields"].map {
      $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
    let needle = argument?.lowercased() ?? ""
    let matches: [FakeJSON]
    switch (endpoint, argument) {
    case ("all", nil):
      guard let fields, (1...10).contains(fields.count) else { return Self.error(400, Self.fieldsMessage) }
      if let omission, fields.contains(omission.field) {
        matches = records.filter { record in !Self.codes(schema, record).contains(omission.code) }
      } else {
        matches = records
      }
    case ("name", .some):
      if request.query["fullText"]?.lowercased() == "true" {
        matches = records.filter { Self.fullNames(schema, $0).contains { $0.lowercased() == needle } }
      } else {
        matches = records.filter { Self.searchNames(schema, $0).contains { $0.lowercased().contains(needle) } }
      }
    case ("alpha", .some(let code)):
      guard (2...3).contains(code.count) else { return Self.badRequest }
      matches = records.filter { Self.codes(schema, $0).contains { $0.lowercased() == needle } }
    case ("alpha", nil):
      guard let list = request.query["codes"] else { return Self.badRequest }
      let codes = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
      guard !codes.isEmpty, codes.allSatisfy({ (2...3).contains($0.count) }) else { return Self.badRequest }
      var found: [FakeJSON] = []
      for code in codes {
        for record in records where Self.codes(schema, record).contains(where: { $0.lowercased() == code }) {
          if !found.contains(record) { found.append(record) }
        }
      }
      matches = found
    case ("currency", .some):
      matches = records.filter {
        Self.currencies(schema, $0).contains { $0.code.lowercased() == needle || $0.name.lowercased().contains(needle) }
      }
    case ("capital", .some(let capital)):
      let folded = Self.fold(capital)
      matches = records.filter { Self.capitals(schema, $0).contains { Self.fold($0).contains(folded) } }
    case ("region", .some):
      matches = records.filter { $0["region"]?.string?.lowercased() == needle }
    case ("subregion", .some):
      matches = records.filter { $0["subregion"]?.string?.lowercased() == needle }
    case ("lang", .some):
      matches = records.filter { Self.languages(schema, $0).contains { $0.lowercased() == needle } }
    case ("translation", .some(let translation)):
      let folded = Self.fold(translation)
      matches = records.filter { Self.translations(schema, $0).contains { Self.fold($0).contains(folded) } }
    case ("demonym", .some):
      matches = records.filter { Self.demonyms(schema, $0).contains { $0.lowercased() == needle } }
    case ("independent", nil):
      let status = request.query["status"]?.lowercased() ?? "true"
      guard status == "true" || status == "false" else { return Self.badRequest }
      matches = records.filter { $0["independent"]?.bool == (status == "true") }
    default:
      return Self.notFound
    }
    guard !matches.isEmpty else { return Self.notFound }
    if let fields, !fields.isEmpty {
      let keep = Set(fields)
      return Self.ok(.array(matches.map { $0.keeping(keep) }), for: request)
    }
    return Self.ok(.array(matches), for: request)
  }

  private static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }

  private static func searchNames(_ schema: Schema, _ record: FakeJSON) -> [String] {
    fullNames(schema, record) + record["altSpellings"].map(\.strings).orEmpty
  }

  private static func fullNames(_ schema: Schema, _ record: FakeJSON) -> [String] {
    switch schema {
    case .v31: [record["name"]?["common"]?.string, record["name"]?["official"]?.string].compactMap { $0 }
    case .v2: [record["name"]?.string].compactMap { $0 }
    }
  }

  private static func codes(_ schema: Schema, _ record: FakeJSON) -> [String] {
    let keys =
      switch schema {
      case .v31: ["cca2", "ccn3", "cca3", "cioc"]
      case .v2: ["alpha2Code", "alpha3Code", "numericCode", "cioc"]
      }
    return keys.compactMap { record[$0]?.string }
  }

  private static func currencies(_ schema: Schema, _ record: FakeJSON) -> [(code: String, name: String)] {
    switch schema {
    case .v31:
      (record["currencies"]?.members).orEmpty.map { ($0.key, $0.value["name"]?.string ?? "") }
    case .v2:
      (record["currencies"]?.array).orEmpty.map { ($0["code"]?.string ?? "", $0["name"]?.string ?? "") }
    }
  }

  private static func capitals(_ schema: Schema, _ record: FakeJSON) -> [String] {
    switch schema {
    case .v31: record["capital"].map(\.strings).orEmpty
    case .v2: [record["capital"]?.string].compactMap { $0 }
    }
  }

  private static func languages(_ schema: Schema, _ record: FakeJSON) -> [String] {
    switch schema {
    case .v31:
      (record["languages"]?.members).orEmpty.flatMap { [$0.key, $0.value.string ?? ""] }
    case .v2:
      (record["languages"]?.array).orEmpty.flatMap { language in
        ["iso639_1", "iso639_2", "name"].compactMap { language[$0]?.string }
      }
    }
  }

  private static func translations(_ schema: Schema, _ record: FakeJSON) -> [String] {
    switch schema {
    case .v31:
      (record["translations"]?.members).orEmpty.flatMap {
        [$0.value["common"]?.string, $0.value["official"]?.string].compactMap { $0 }
      }
    case .v2:
      (record["translations"]?.members).orEmpty.compactMap { $0.value.string }
    }
  }

  private static func demonyms(_ schema: Schema, _ record: FakeJSON) -> [String] {
    switch schema {
    case .v31:
      (record["demonyms"]?.members).orEmpty.flatMap {
        [$0.value["f"]?.string, $0.value["m"]?.string].compactMap { $0 }
      }
    case .v2: [record["demonym"]?.string].compactMap { $0 }
    }
  }

  // MARK: Derived shapes

  /// `[{"code":..,"name":..,"symbol":..}]` from a v3.1 `currencies` object.
  private static func currencyList(_ record: FakeJSON) -> FakeJSON? {
    guard let members = record["currencies"]?.members else { return nil }
    let items: [FakeJSON] = members.map { member in
      .make([("code", .string(member.key)), ("name", member.value["name"]), ("symbol", member.value["symbol"])])
    }
    return .array(items)
  }

  /// `[{codeKey: code, "name": name}]` from a v3.1 `languages` object.
  private static func languageList(_ record: FakeJSON, codeKey: String) -> FakeJSON? {
    guard let members = record["languages"]?.members else { return nil }
    let items: [FakeJSON] = members.map { member in
      .make([(codeKey, .string(member.key)), ("name", member.value)])
    }
    return .array(items)
  }

  private static let v2TranslationKeys = [
    ("de", "deu"), ("es", "spa"), ("fr", "fra"), ("ja", "jpn"), ("it", "ita"),
    ("br", "bre"), ("pt", "por"), ("nl", "nld"), ("hr", "hrv"), ("fa", "per"),
  ]

  /// A v3.1 record in the shape of `/v2/all`.
  static func v2Record(_ record: FakeJSON) -> FakeJSON {
    var callingCodes: FakeJSON?
    if let idd = record["idd"], let root = idd["root"]?.string {
      let digits = root.hasPrefix("+") ? String(root.dropFirst()) : root
      let suffixes: [String] = idd["suffixes"]?.strings ?? []
      let codes: [String] = suffixes.isEmpty ? [digits] : suffixes.map { digits + $0 }
      callingCodes = .array(codes.map { FakeJSON.string($0) })
    }
    var region = record["region"]
    if region == .string("Antarctic") { region = .string("Polar") }
    var translations: FakeJSON?
    if let all = record["translations"] {
      let pairs: [(String, FakeJSON?)] = v2TranslationKeys.map { short, long in (short, all[long]?["common"]) }
      translations = .make(pairs)
    }
    var flag: FakeJSON?
    if let cca2 = record["cca2"]?.string { flag = .string("https://flagcdn.com/\(cca2.lowercased()).svg") }
    var flags: FakeJSON?
    if let images = record["flags"] { flags = .make([("svg", images["svg"]), ("png", images["png"])]) }
    let nativeName: FakeJSON? = record["name"]?["nativeName"]?.members?.first?.value["common"]
    let pairs: [(String, FakeJSON?)] = [
      ("name", record["name"]?["common"]),
      ("topLevelDomain", record["tld"]),
      ("alpha2Code", record["cca2"]),
      ("alpha3Code", record["cca3"]),
      ("callingCodes", callingCodes),
      ("capital", record["capital"]?.array?.first),
      ("altSpellings", record["altSpellings"]),
      ("subregion", record["subregion"]),
      ("region", region),
      ("population", record["population"]),
      ("latlng", record["latlng"]),
      ("demonym", record["demonyms"]?["eng"]?["m"]),
      ("area", record["area"]),
      ("timezones", record["timezones"]),
      ("borders", record["borders"]),
      ("nativeName", nativeName),
      ("numericCode", record["ccn3"]),
      ("flag", flag),
      ("flags", flags),
      ("currencies", currencyList(record)),
      ("languages", languageList(record, codeKey: "iso639_2")),
      ("translations", translations),
      ("cioc", record["cioc"]),
      ("independent", record["independent"]),
    ]
    return .make(pairs)
  }
}

extension Optional where Wrapped: RangeReplaceableCollection {
  fileprivate var orEmpty: Wrapped { self ?? Wrapped() }
}
