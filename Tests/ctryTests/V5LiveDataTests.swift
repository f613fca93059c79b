import CtryTestSupport
import Foundation
import Testing

/// The keyed REST Countries v5 API through the binary, against the fake v5 server on loopback
/// (`CTRY_API_URL` points at it; no other flag is needed).
@Suite(.ownThread, .serialized, .tags(.network)) struct V5LiveDataTests {
  let server: FakeRestCountriesServer
  let directory = TestPaths.preparedDirectory()

  init() throws {
    let data = try #require(FileManager.default.contents(atPath: TestPaths.dataset))
    server = try FakeRestCountriesServer(v31Records: data)
  }

  /// ctry with the fake v5 server as `CTRY_API_URL` and its key as `CTRY_API_KEY`.
  func ctry(_ arguments: [String], key: String? = nil, environment: [String: String] = [:]) throws
    -> ProcessRunner.Result
  {
    var env = ["CTRY_HTTP_TIMEOUT": "3", "CTRY_API_URL": server.v5URL, "CTRY_API_KEY": key ?? server.v5Key]
    env.merge(environment) { $1 }
    return try ProcessRunner.ctry(["--data-dir", directory] + arguments, environment: env)
  }

  func file(_ name: String) -> Data? { FileManager.default.contents(atPath: "\(directory)/\(name)") }

  /// Every file under the data directory, as text.
  func everyFile() throws -> [String: String] {
    var files: [String: String] = [:]
    let enumerator = FileManager.default.enumerator(atPath: directory)
    while let name = enumerator?.nextObject() as? String {
      if let data = file(name) { files[name] = String(decoding: data, as: UTF8.self) }
    }
    return files
  }

  func expectSecret(_ key: String, in result: ProcessRunner.Result, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    #expect(!result.out.contains(key), "key in stdout: \(result.out)", sourceLocation: sourceLocation)
    #expect(!result.err.contains(key), "key in stderr: \(result.err)", sourceLocation: sourceLocation)
    for (name, text) in try everyFile() where name != "api-key" {
      #expect(!text.contains(key), "key in \(name)", sourceLocation: sourceLocation)
    }
  }

  @Test func onlyTheKeyIsNeededAndEveryPageIsLoaded() throws {
    let result = try ctry(["-c", "refresh", "-c", "status", "--format", "plain"])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("Refreshed 250 countries from \(server.v5URL) (v5"), "\(result.out)")
    #expect(result.out.contains("API: \(server.v5URL) (v5)"))
    #expect(result.out.contains("Countries: 250"))
    #expect(result.out.contains("Fetched: ") && result.out.contains(" UTC from the v5 API, 250 countries"))
    #expect(result.out.contains("API key: set (…cdef)"))
    let pages = server.requests.filter { $0.path == "/countries/v5" }
    #expect(pages.map { $0.query["offset"] } == ["0", "100", "200"], "three pages, the last one short")
    #expect(pages.allSatisfy { $0.query["limit"] == "100" && $0.query["response_fields_omit"] == "leaders" })
    #expect(pages.allSatisfy { $0.headers["authorization"] == "Bearer \(server.v5Key)" })
    try expectSecret(server.v5Key, in: result)
    // The cache holds the v3.1 shape with the v5 extras, and serves later runs with no network.
    server.stop()
    let json = try ctry(["--json", "details", "Germany"])
    #expect(json.status == 0, "\(json.err)")
    let germany = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    #expect((germany["name"] as? [String: Any])?["common"] as? String == "Germany")
    #expect(germany["governmentType"] as? String == "Federal parliamentary republic")
    #expect((germany["memberships"] as? [String: Bool])?["eu"] == true)
    #expect(germany["idd"] != nil && germany["maps"] != nil && germany["flags"] != nil && germany["car"] != nil)
  }

  @Test func aLargerPageSizeForPaidKeys() throws {
    let result = try ctry(["refresh"], environment: ["CTRY_API_PAGE_SIZE": "100"])
    #expect(result.status == 0, "\(result.err)")
    let bad = try ctry(["refresh"], environment: ["CTRY_API_PAGE_SIZE": "9000"])
    #expect(bad.status == 2)
    #expect(bad.err == "CTRY_API_PAGE_SIZE must be a number from 2 to 500, got '9000' — free keys allow up to 100\n")
  }

  @Test func withoutAKeyOneHelpfulLineAndNoRequest() throws {
    let started = ContinuousClock.now
    let result = try ProcessRunner.ctry(["--data-dir", directory, "refresh"])
    // A hang guard: a request would wait for the network.
    #expect(ContinuousClock.now - started < .seconds(60), "no network wait")
    #expect(result.status == 1)
    #expect(result.out.isEmpty)
    let lines = result.err.split(separator: "\n")
    #expect(lines.count == 1, "\(result.err)")
    #expect(
      result.err.hasPrefix("refresh failed: no REST Countries API key: get one at https://restcountries.com/sign-up"))
    #expect(result.err.contains("set CTRY_API_KEY") && result.err.contains("--api"))
    let noKey = try ctry(["refresh"], key: "")
    #expect(noKey.status == 1 && noKey.err.hasPrefix("refresh failed: no REST Countries API key"))
    #expect(server.requests.isEmpty)
    let status = try ProcessRunner.ctry(["--data-dir", directory, "status", "--format", "plain"])
    #expect(status.out.contains("API: https://api.restcountries.com/countries/v5 (v5)"))
    #expect(status.out.contains("API key: not set"))
  }

  struct Failure: Sendable, CustomStringConvertible {
    var name: String
    var fault: FakeRestCountriesServer.Fault = .none
    var environment: [String: String] = [:]
    var key: String?
    var message: String
    var description: String { name }
  }

  static let failures: [Failure] = [
    Failure(
      name: "401 rejected key", key: "wrong-key-9876543210",
      message:
        "refresh failed: HTTP 401: the API key was rejected: check CTRY_API_KEY or 'set api-key' "
        + "(server: Invalid or missing API key; Send Authorization: Bearer <key>); still using cache from "),
    Failure(
      name: "401 echoing the key", fault: .statusWithMessages(401, ["Key {token} is revoked"]),
      message: "refresh failed: HTTP 401: the API key was rejected: check CTRY_API_KEY or 'set api-key' "
        + "(server: Key [API key] is revoked); still using "),
    Failure(
      name: "400 limit out of range", environment: ["CTRY_API_PAGE_SIZE": "500"],
      message: "refresh failed: HTTP 400: the server refused a request parameter "
        + "(server: limit must be an integer between 1 and 100); still using "),
    Failure(
      name: "403 frozen", fault: .statusWithMessages(403, ["Monthly request limit reached", "Account {token} frozen"]),
      message: "refresh failed: HTTP 403: access refused: monthly request limit reached, or data the plan does not "
        + "include (server: Monthly request limit reached; Account [API key] frozen); still using "),
    Failure(
      name: "404 unknown endpoint", environment: ["CTRY_API_VERSION": "v5", "CTRY_API_URL": "/countries/v5/nope"],
      message: "refresh failed: HTTP 404: nothing at this address: check --api (server: Unknown endpoint)"),
    Failure(
      name: "405", fault: .statusWithMessages(405, ["Method not allowed"]),
      message: "refresh failed: HTTP 405: the server refused the request method (server: Method not allowed)"),
    Failure(
      name: "429 past the deadline", fault: .rateLimited(retryAfterSeconds: 3600, times: 5),
      message: "refresh failed: HTTP 429: rate limited: too many requests, try again later "
        + "(server: Too Many Requests); server asks to wait 60 min (until "),
    Failure(
      name: "duplicate code", fault: .v5(.duplicateCode),
      message: "refresh failed: invalid data: "),
    Failure(
      name: "changing total", fault: .v5(.changingTotal),
      message: "refresh failed: invalid data: page 2 says there are 251 countries, an earlier page said 250"),
  ]

  @Test(arguments: failures)
  func failuresAreOneLineAndLeaveTheDataAndTheKeyAlone(_ failure: Failure) throws {
    #expect(try ctry(["-c", "refresh", "-c", "favorites add Egypt Peru"]).status == 0)
    let names = ["countries.json", "countries.meta.json", "favorites.json"]
    let before = names.map(file)
    server.setFault(failure.fault)
    var environment = failure.environment
    if let path = environment["CTRY_API_URL"] { environment["CTRY_API_URL"] = server.baseURL + path }
    let started = ContinuousClock.now
    let result = try ctry(["refresh"], key: failure.key, environment: environment)
    #expect(ContinuousClock.now - started < .seconds(120), "gave up rather than waited")
    #expect(result.status == 1)
    #expect(result.err.split(separator: "\n").count == 1, "one line: \(result.err)")
    #expect(result.err.hasPrefix(failure.message), "\(result.err)")
    #expect(result.err.contains("; still using cache from "), "\(result.err)")
    #expect(names.map(file) == before, "byte-for-byte intact")
    let status = try ctry(["status", "--format", "plain"], key: failure.key, environment: environment)
    for key in [server.v5Key, failure.key].compactMap({ $0 }) {
      try expectSecret(key, in: result)
      try expectSecret(key, in: status)
    }
    server.setFault(.none)
  }

  @Test func aShortRateLimitIsWaitedOut() throws {
    server.setFault(.rateLimited(retryAfterSeconds: 1, times: 1))
    let result = try ctry(["refresh"])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.hasPrefix("Refreshed 250"))
  }

  @Test func liveDetailsAskByCodeOrByName() throws {
    let byCode = try ctry(["details", "Japan", "--live", "--format", "plain"])
    #expect(byCode.status == 0 && byCode.err.isEmpty, "\(byCode.err)")
    #expect(byCode.out.contains("Capital: Tokyo"))
    #expect(server.requests.map(\.path) == ["/countries/v5/codes.alpha_3/JPN"])
    let bolivia = try ctry(["details", "Bolivia", "--live", "--format", "plain"])
    #expect(bolivia.out.contains("Capital: Sucre (constitutional, judicial), La Paz (executive, legislative)"))
    // A country only the server knows is asked for by name.
    let data = try #require(FileManager.default.contents(atPath: TestPaths.dataset))
    var records = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    records.append([
      "name": ["common": "Testlandia", "official": "Republic of Testlandia"], "cca2": "TQ", "cca3": "TQL",
      "region": "Europe", "capital": ["Testville"],
    ])
    let larger = try FakeRestCountriesServer(v31Records: try JSONSerialization.data(withJSONObject: records))
    defer { larger.stop() }
    let byName = try ctry(
      ["details", "Testlandia", "--live", "--format", "plain"], key: larger.v5Key,
      environment: ["CTRY_API_URL": larger.v5URL])
    #expect(byName.status == 0, "\(byName.err)")
    #expect(byName.out.contains("Republic of Testlandia") && byName.out.contains("Capital: Testville"))
    let request = try #require(larger.requests.first)
    #expect(request.path == "/countries/v5/name" && request.query["q"] == "Testlandia")
    let unknown = try ctry(["details", "Atlantisxyz", "--live"])
    #expect(unknown.status == 1)
    try expectSecret(server.v5Key, in: unknown)
  }

  @Test func membershipsAndGovernmentType() throws {
    let before = try ctry(["search", "--member", "opec"])
    #expect(before.status == 1)
    #expect(before.err.hasPrefix("no OPEC membership data here"), "\(before.err)")
    #expect(try ctry(["search", "--member", "eu", "--format", "plain"]).out.split(separator: "\n").count == 27)
    #expect(try ctry(["refresh"]).status == 0)
    let eu = try ctry(["search", "--member", "eu", "--format", "plain"])
    #expect(eu.out.split(separator: "\n").count == 27, "\(eu.out)")
    // v5's organisations join the bundled ones, which stay (v5 has no Mercosur).
    let opec = try ctry(["search", "--member", "opec", "--format", "plain"])
    #expect(opec.out.split(separator: "\n").count == 12, "\(opec.out)\(opec.err)")
    let mercosur = try ctry(["search", "--member", "mercosur", "--format", "plain"])
    #expect(mercosur.out.split(separator: "\n").count == 5, "\(mercosur.out)")
    let combined = try ctry(["search", "--member", "nato", "--member", "g7", "--region", "Europe", "--format", "plain"])
    #expect(combined.out.split(separator: "\n").sorted() == ["France", "Germany", "Italy", "United Kingdom"])
    let unknown = try ctry(["search", "--member", "warsaw"])
    #expect(unknown.status == 2 && unknown.err.contains("warsaw"))
    let card = try ctry(["details", "Germany", "--format", "plain"])
    #expect(card.out.contains("Government: Federal parliamentary republic"))
    #expect(card.out.contains("Member of: EU, Eurozone, Schengen, NATO, G7, G20, OECD\n"), "\(card.out)")
    let venezuela = try ctry(["details", "Venezuela", "--format", "plain"])
    #expect(venezuela.out.contains("\nMember of: OPEC\n"), "\(venezuela.out)")
    #expect(card.out.contains("Sovereignty: sovereign state; UN member"), "the UN is on this line: \(card.out)")
    let bolivia = try ctry(["details", "Bolivia", "--format", "plain"])
    #expect(bolivia.out.contains("Capital: Sucre (constitutional, judicial), La Paz (executive, legislative)"))
    let completion = try ctry(["__complete", "search", "--member", "e"])
    #expect(completion.out.split(separator: "\n").contains("eu"))
  }

  /// A v5 catalog gives one answer to "is it in the UN?", also when the server
  /// says so only in `memberships.un` (no `classification.un_member`): search, the card and the JSON
  /// agree with `unMember`.
  @Test func unMembershipAgreesWhereverV5SaysIt() throws {
    server.setFault(.v5(.unMemberOnlyInMemberships))
    #expect(try ctry(["refresh"]).status == 0)
    let un = try ctry(["search", "--member", "un", "--format", "plain"])
    #expect(un.status == 0, "\(un.err)")
    #expect(un.out.split(separator: "\n").count == 193, "\(un.out)")
    let json = try ctry(["--json", "details", "Greenland"])
    let greenland = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    #expect(greenland["unMember"] as? Bool == false)
    #expect((greenland["memberships"] as? [String: Bool])?["un"] == false)
    let independent = try ctry(["search", "--member", "un", "--independent", "--format", "plain"])
    #expect(independent.out.split(separator: "\n").count == 193)
  }

  /// A v5 refresh brings `parent` and the classification, and the card words
  /// them as it does the bundled data's; the JSON keeps them under the model's names.
  @Test func sovereigntyFromAV5Refresh() throws {
    #expect(try ctry(["refresh"]).status == 0)
    let greenland = try ctry(["details", "Greenland", "--format", "plain"])
    #expect(
      greenland.out.contains(
        "\nSovereignty: part of the Kingdom of Denmark (autonomous territory); not independent; not a UN member\n"),
      "\(greenland.out)")
    let kosovo = try ctry(["details", "Kosovo", "--format", "plain"])
    #expect(kosovo.out.contains("\nSovereignty: independent, partially recognised; not a UN member\n"), "\(kosovo.out)")
    let json = try ctry(["--json", "details", "Hong Kong"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    #expect(
      object["parent"] as? String == "CHN" && object["dependencyType"] as? String == "special administrative region")
    #expect(server.requests.contains { $0.path == "/countries/v5" })
  }

  @Test func aSavedKeyIsPrivateAndNeverShown() throws {
    let key = "saved-key-abcdefgh1234"
    let saved = try ProcessRunner.ctry(
      ["--data-dir", directory, "-c", "set api-key \(key)", "-c", "set api-key", "-c", "set"],
      environment: ["CTRY_API_URL": server.v5URL])
    #expect(saved.status == 0, "\(saved.err)")
    #expect(saved.out.contains("API key saved in \(directory)/api-key (mode 0600)."))
    #expect(saved.out.contains("set (…1234)"))
    let attributes = try FileManager.default.attributesOfItem(atPath: "\(directory)/api-key")
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    try expectSecret(key, in: saved)
    // The saved key is used with no CTRY_API_KEY, and rejected by the server here.
    let refresh = try ProcessRunner.ctry(
      ["--data-dir", directory, "-c", "refresh", "-c", "status"], environment: ["CTRY_API_URL": server.v5URL])
    #expect(refresh.err.hasPrefix("refresh failed: HTTP 401"), "\(refresh.err)")
    #expect(server.requests.first?.headers["authorization"] == "Bearer \(key)")
    try expectSecret(key, in: refresh)
    let removed = try ProcessRunner.ctry(["--data-dir", directory, "set", "api-key", "none"])
    #expect(removed.status == 0 && !FileManager.default.fileExists(atPath: "\(directory)/api-key"))
  }
}
