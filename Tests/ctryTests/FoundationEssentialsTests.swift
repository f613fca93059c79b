import CtryTestSupport
import Foundation
import Testing

/// The binary links FoundationEssentials only: Foundation proper brings ICU, 44 MB of the 61 MB
/// stripped binary (BENCHMARKS.md, binary size).
@Suite(.ownThread) struct FoundationEssentialsTests {
  /// The debug build links the Swift libraries dynamically, so its needed libraries say what the
  /// static release binary has linked in.
  @Test func theBinaryDoesNotLinkFoundationOrICU() throws {
    let result = try ExternalTool.run("/usr/bin/readelf", ["-d", TestPaths.binary])
    try #require(result.status == 0, "readelf failed: \(result.err)")
    let needed = result.out.split(separator: "\n").filter { $0.contains("(NEEDED)") }
    try #require(!needed.isEmpty, "readelf listed no libraries: \(result.out.prefix(200))")
    for library in ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
      #expect(!needed.contains { $0.contains("[\(library)]") }, "ctry links \(library)")
    }
  }
}
