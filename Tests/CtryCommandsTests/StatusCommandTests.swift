import CountryKit
import CtryShell
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
  }
}
