import CtryTestSupport
import Foundation
import Testing

@testable import CountryKit
@testable import CountryModel
@testable import CountryNetwork
@testable import CountryStorage

/// A v5 server cannot make a refresh hold millions of countries: the announced total and the count
/// received are bounded while paging.
@Suite struct V5BoundsTests {
  @Test func anAnnouncedTotalPastTheBoundStopsAtTheFirstPage() async {
    let transport = ScriptedTransport([V5ClientTests.page(["AAA", "BBB"], total: 2_000_000, more: true)])
    await #expect(throws: APIError.invalid("the server announces 2000000 countries, more than the 1000 allowed")) {
      try await V5ClientTests().client(transport).fetchAll(validators: [:], progress: nil)
    }
    #expect(transport.requests.count == 1)
  }

  @Test func recordsPastTheBoundStopThePaging() async {
    let codes = (0..<600).map { String(format: "A%02d", $0 % 100) + "\($0)" }
    let transport = ScriptedTransport([
      V5ClientTests.page(Array(codes[0..<300]), total: 0, more: true).map { $0 },
      V5ClientTests.page(Array(codes[300..<600]), total: 0, more: true),
      V5ClientTests.page(Array(codes[0..<300].map { "B" + $0 }), total: 0, more: true),
      V5ClientTests.page(Array(codes[0..<300].map { "C" + $0 }), total: 0, more: true),
    ])
    await #expect(throws: APIError.invalid("more than the 1000 countries allowed (page 4)")) {
      try await V5ClientTests().client(transport, pageSize: 300).fetchAll(validators: [:], progress: nil)
    }
  }
}
