import CtryTestSupport
import Foundation
import Testing

/// `status`: what it says after each kind of attempt, and values (not prose) for programs.
@Suite struct StatusCommandTests {
  func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// The v5 API without a key sends nothing: `status` says so and why, not that a server answered.
  @Test func aRefreshThatSentNoRequestSaysSoAndWhy() async {
    let shell = TestShell(format: .plain)
    let refresh = await shell.run("refresh")
    #expect(refresh.status == 1 && refresh.err.contains("no REST Countries API key"), "\(refresh.err)")
    let status = await shell.run("status")
    let network = status.out.split(separator: "\n").first { $0.hasPrefix("Network: ") } ?? ""
    #expect(!status.out.contains("answered"), "\(status.out)")
    #expect(network.hasPrefix("Network: no request sent at the last attempt (just now): no API key"), "\(network)")
    #expect(status.out.contains("Last attempt: ") && status.out.contains(", failed before sending a request\n"))
    // The core states the problem; the refresh line and `status` both give the shell's way out.
    let worded =
      "no REST Countries API key: get one at https://restcountries.com/sign-up and set CTRY_API_KEY "
      + "(or 'set api-key KEY'), or point --api at a self-hosted v3.1 server"
    #expect(refresh.err.hasPrefix("refresh failed: \(worded); still using "), "\(refresh.err)")
    #expect(status.out.contains("Last error: \(worded) ("), "\(status.out)")
  }

  /// The title heads the table only: plain and CSV give the facts alone, as JSON does.
  @Test func plainAndCSVHaveNoTitleRow() async {
    let plain = await TestShell(format: .plain).run("status").out
    #expect(plain.hasPrefix("Data: "), "\(plain)")
    #expect(!plain.contains("ctry status"), "\(plain)")
    let csv = await TestShell(format: .csv).run("status").out.components(separatedBy: "\r\n")
    #expect(csv.first == "field,value" && csv.dropFirst().first?.hasPrefix("data.source,") == true, "\(csv)")
    #expect(await TestShell().run("status").out.hasPrefix("ctry status\n"), "the table keeps its title")
  }

  /// `--json`: numbers, booleans, codes and keywords, grouped where they belong together.
  @Test func jsonGivesValuesNotProse() async throws {
    let shell = TestShell(format: .json)
    let fresh = try object(await shell.run("status").out)
    #expect(fresh["countries"] as? Int == 250)
    #expect(fresh["favorites"] as? [String: Int] == ["count": 0, "limit": 5], "\(fresh["favorites"] ?? "missing")")
    #expect(fresh["api_key_set"] as? Bool == false, "\(fresh["api_key_set"] ?? "missing")")
    #expect(
      fresh["api"] as? [String: String] == ["url": "https://api.restcountries.com/countries/v5", "flavour": "v5"])
    #expect(fresh["home"] as? [String: String] == ["cca3": "EGY", "source": "time_zone", "time_zone": "Africa/Cairo"])
    #expect(fresh["network"] as? String == "not_contacted")
    #expect((fresh["data"] as? [String: String])?["source"] == "memory")
    #expect(await shell.run("favorites add Peru Japan").status == 0)
    #expect(await shell.run("home Peru").status == 0)
    _ = await shell.run("refresh")
    let after = try object(await shell.run("status").out)
    #expect(after["favorites"] as? [String: Int] == ["count": 2, "limit": 5])
    #expect(after["home"] as? [String: String] == ["cca3": "PER", "source": "saved"])
    #expect(after["network"] as? String == "no_request_sent")
    let attempt = try #require(after["last_attempt"] as? [String: Any])
    #expect(attempt["outcome"] as? String == "failed" && attempt["request_sent"] as? Bool == false, "\(attempt)")
    #expect((attempt["at"] as? String)?.hasSuffix("Z") == true, "an ISO 8601 time: \(attempt)")
    let error = try #require(after["last_error"] as? [String: Any])
    #expect((error["message"] as? String)?.hasPrefix("no REST Countries API key") == true, "\(error)")
    for (key, value) in after where value is String {
      #expect(!(value as? String ?? "").contains(" ("), "\(key) is a value, not a sentence: \(value)")
    }
  }
}
