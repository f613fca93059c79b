import CtryTestSupport
import Foundation
import Testing

@testable import CtrySystem

/// ctry's environment reader, against Foundation's and against the rules it documents.
@Suite struct ProcessEnvironmentTests {
  @Test func givesWhatProcessInfoGives() {
    #expect(ProcessEnvironment.current() == ProcessInfo.processInfo.environment)
  }

  @Test func readsOddEntriesByItsRules() {
    let texts = [
      "PATH=/bin:/usr/bin", "EQUALS=a=b=c", "EMPTY=", "TEXT=Côte d’Ivoire 🇨🇮", "NOEQUALS", "PATH=/second",
      "BAD=\u{FF}",
    ]
    var pointers: [UnsafeMutablePointer<CChar>?] = texts.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    // A byte that is not UTF-8 (strdup of "\u{FF}" writes it as UTF-8, so put a raw 0xFF in).
    pointers[6]?.advanced(by: 4).pointee = CChar(bitPattern: 0xFF)
    let variables = pointers.withUnsafeMutableBufferPointer { ProcessEnvironment.variables($0.baseAddress!) }
    #expect(
      variables == [
        "PATH": "/bin:/usr/bin", "EQUALS": "a=b=c", "EMPTY": "", "TEXT": "Côte d’Ivoire 🇨🇮", "BAD": "\u{FFFD}\u{FFFD}",
      ])
  }
}
