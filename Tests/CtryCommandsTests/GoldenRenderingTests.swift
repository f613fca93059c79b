import CtryTestSupport
import Foundation
import Testing

/// A rendered table and a rendered card, at widths 80 and 40, compared with golden files written by
/// hand-checked runs (`Tests/Golden/render-*.txt`), not with the width function under test. After a
/// deliberate change to the layout, rewrite them with
/// `CTRY_UPDATE_GOLDEN=1 swift test --filter GoldenRenderingTests` and review the diff.
@Suite struct GoldenRenderingTests {
  /// Wide characters (CJK, flags), accents and right-aligned grouped numbers in one table; Egypt's card.
  @Test(arguments: [
    ("table", "search --region Asia --sort population --limit 6", 80),
    ("table", "search --region Asia --sort population --limit 6", 40),
    ("card", #"details "Côte d'Ivoire""#, 80),
    ("card", #"details "Côte d'Ivoire""#, 40),
  ])
  func renderedOutputMatchesTheGoldenFile(_ kind: String, _ command: String, _ width: Int) async throws {
    let result = await TestShell(format: .table, width: width).run(command)
    #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
    let file = "render-\(kind)-\(width).txt"
    #expect(result.out == (try Golden.expected(for: result.out, file: file)), "\(command) at width \(width): \(file)")
  }
}
