import Testing

@testable import CountryModel

/// The byte scan that decides whether a text needs escaping finds exactly the characters
/// `needsEscape` names, as each format allows them: every scalar of Unicode, alone and inside text.
@Suite struct VisibleEscapesTests {
  @Test(arguments: [
    VisibleEscapes.Allowed(), [.newline, .tab], [.newline, .tab, .carriageReturn],
  ])
  func theByteScanAgreesWithTheScalarRule(allowed: VisibleEscapes.Allowed) {
    func expected(_ scalar: Unicode.Scalar) -> Bool {
      guard VisibleEscapes.needsEscape(scalar) else { return false }
      switch scalar {
      case "\n": return !allowed.contains(.newline)
      case "\t": return !allowed.contains(.tab)
      case "\r": return !allowed.contains(.carriageReturn)
      default: return true
      }
    }
    var disagreements: [UInt32] = []
    var escaped = 0
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let alone = String(scalar)
      let found = VisibleEscapes.needsEscapes(alone, allowing: allowed)
      if found != expected(scalar) || VisibleEscapes.needsEscapes("é" + alone + "x", allowing: allowed) != found {
        disagreements.append(value)
      }
      if found { escaped += 1 }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(10).map { String($0, radix: 16) })")
    // C0 (32), DEL, C1 (32) and the 12 bidi controls, less the whitespace the format allows.
    let allowedCount = [VisibleEscapes.Allowed.newline, .tab, .carriageReturn].filter(allowed.contains).count
    #expect(escaped == 77 - allowedCount)
    // A lead byte of an escaped character at the very end, or before another character, is not one.
    #expect(!VisibleEscapes.needsEscapes("a\u{00C2}", allowing: allowed))
    #expect(!VisibleEscapes.needsEscapes("\u{2010}\u{2081}", allowing: allowed))
    #expect(VisibleEscapes.escaped("ok \u{202E}evil", allowing: allowed) == "ok \\u{202e}evil")
  }
}
