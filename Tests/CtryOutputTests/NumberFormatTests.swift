import CtryOutput
import Foundation
import Testing

/// `NumberFormat.oneDecimal` stands in for `String(format: "%.1f")`, which links ICU.
@Suite struct NumberFormatTests {
  @Test(arguments: [0, 0.04, 0.06, 0.94, 1, 1.26, 2.34, 9.99, 12.345, 3.7e6, -0.04, -2.56, 1e14 + 0.3])
  func writesWhatPrintfWrites(_ value: Double) {
    #expect(NumberFormat.oneDecimal(value) == String(format: "%.1f", value))
  }

  /// Durations and sizes at random, except within a millionth of a half, where printf rounds the
  /// binary value to even and `oneDecimal` rounds half away from zero.
  @Test func agreesWithPrintfAwayFromHalves() {
    var checked = 0
    while checked < 10_000 {
      let value = Double.random(in: 0...100_000)
      let tenths = value * 10
      guard abs(tenths - tenths.rounded(.down) - 0.5) > 1e-6 else { continue }
      #expect(NumberFormat.oneDecimal(value) == String(format: "%.1f", value), "\(value)")
      checked += 1
    }
  }
}
