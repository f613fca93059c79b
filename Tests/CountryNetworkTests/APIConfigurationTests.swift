import Foundation
import Synchronization
import Testing

@testable import CountryNetwork
@testable import CtrySystem

@Suite struct APIConfigurationTests {
  @Test func flagsWinOverTheEnvironment() throws {
    let env = ["CTRY_API_URL": "http://env.example/v3.1", "CTRY_API_KEY": "secret", "CTRY_HTTP_TIMEOUT": "0.5"]
    let fromEnv = try APIConfiguration.resolve(url: nil, version: nil, environment: env)
    #expect(fromEnv.baseURL == "http://env.example/v3.1" && fromEnv.key?.secret == "secret")
    #expect(fromEnv.flavour == .v31)
    #expect(fromEnv.requestTimeout == .milliseconds(500))
    let fromFlags = try APIConfiguration.resolve(url: "http://flag.example/v2/", version: "v2", environment: env)
    #expect(fromFlags.baseURL == "http://flag.example/v2" && fromFlags.flavour == .v2)
    #expect(
      try APIConfiguration.resolve(url: nil, version: "v5", environment: [:]).baseURL
        == "https://api.restcountries.com/countries/v5")
  }

  @Test func theDefaultIsTheHostedV5APIAndAKeyNeverShows() throws {
    let none = try APIConfiguration.resolve(url: nil, version: nil, environment: [:])
    #expect(none.flavour == .v5 && none.baseURL == "https://api.restcountries.com/countries/v5")
    #expect(none.unusable == .missingKey)
    let stored = try APIConfiguration.resolve(url: nil, version: nil, environment: [:], savedKey: "stored-key-abcd")
    #expect(stored.key?.secret == "stored-key-abcd" && stored.unusable == nil)
    let env = try APIConfiguration.resolve(
      url: nil, version: nil, environment: ["CTRY_API_KEY": "env-key-123456789"], savedKey: "stored-key-abcd")
    #expect(env.key?.secret == "env-key-123456789", "the environment wins")
    for text in ["\(env)", String(describing: env), String(reflecting: env), "\(env.key as Any)"] {
      #expect(!text.contains("env-key-123456789"), "\(text)")
    }
    #expect(env.key?.masked == "set (…6789)")
    let retired = try APIConfiguration.resolve(url: nil, version: "v3.1", environment: [:])
    #expect(retired.unusable == .retiredServer("v3.1"))
  }

  @Test func theFlavourFollowsTheURL() throws {
    let cases: [(String, APIFlavour)] = [
      ("http://localhost:8080/v3.1", .v31), ("http://mirror.example/v2/", .v2),
      ("http://127.0.0.1:1/countries/v5", .v5), ("http://self.example/api", .v31),
    ]
    for (url, flavour) in cases {
      #expect(try APIConfiguration.resolve(url: url, version: nil, environment: [:]).flavour == flavour, "\(url)")
    }
    #expect(try APIConfiguration.resolve(url: "http://x/v3.1", version: "v2", environment: [:]).flavour == .v2)
  }

  @Test func thePageSizeIsValidated() throws {
    #expect(try APIConfiguration.resolve(url: nil, version: nil, environment: [:]).pageSize == 100)
    #expect(
      try APIConfiguration.resolve(url: nil, version: nil, environment: ["CTRY_API_PAGE_SIZE": "500"]).pageSize == 500)
    for bad in ["0", "501", "ten", "-5"] {
      #expect(throws: CtryError.self) {
        try APIConfiguration.resolve(url: nil, version: nil, environment: ["CTRY_API_PAGE_SIZE": bad])
      }
    }
  }

  /// The first wait before a retry is a setting in seconds, as the other time limits are
  /// (`CTRY_HTTP_BACKOFF`, 0.01 to 60): fault tests set it short.
  @Test func theBackOffIsASetting() throws {
    let set = try APIConfiguration.resolve(url: nil, version: nil, environment: ["CTRY_HTTP_BACKOFF": "0.05"])
    #expect(set.retryBaseDelay == .milliseconds(50))
    #expect(try APIConfiguration.resolve(url: nil, version: nil, environment: [:]).retryBaseDelay == .milliseconds(400))
    for bad in ["0", "61", "0x1", "1e-2", "-1", "fast"] {
      #expect(throws: CtryError.self, "\(bad)") {
        try APIConfiguration.resolve(url: nil, version: nil, environment: ["CTRY_HTTP_BACKOFF": bad])
      }
    }
  }

  @Test func badValuesAreUsageErrors() {
    #expect(throws: CtryError.self) { try APIConfiguration.resolve(url: "ftp://x", version: nil, environment: [:]) }
    #expect(throws: CtryError.self) { try APIConfiguration.resolve(url: nil, version: "v4", environment: [:]) }
  }
}
