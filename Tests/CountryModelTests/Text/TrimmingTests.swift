import Foundation
import Testing

@testable import CountryModel
@testable import CountryNetwork

/// The trimming that stands in for Foundation's `trimmingCharacters(in:)`.
@Suite struct TrimmingTests {
  @Test func trimsWhitespaceAndLineBreaksAtBothEnds() {
    #expect(" \t Egypt \r\n".trimmingWhitespace() == "Egypt")
    #expect("\u{00A0}a b\u{2003}".trimmingWhitespace() == "a b")
    #expect("   ".trimmingWhitespace() == "")
    #expect("'api-key\"".trimming(while: { $0 == "'" || $0 == "\"" }) == "api-key")
    #expect("ab".padded(to: 4) == "ab  ")
    #expect("abcdef".padded(to: 4) == "abcdef")
  }
}
