/// Locale-independent number text: `102334403` → `102,334,403`.
package enum NumberFormat {
  package static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return value < 0 ? "-" + out : out
  }

  /// Whole numbers grouped; others with up to two decimals.
  package static func grouped(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return grouped(Int(value)) }
    let whole = value < 0 ? -(-value).rounded(.down) : value.rounded(.down)
    let fraction = Int((abs(value - whole) * 100).rounded())
    let fractionText = fraction == 0 ? "" : "." + (fraction < 10 ? "0\(fraction)" : "\(fraction)")
    return grouped(Int(whole)) + fractionText.replacingZeros()
  }

  /// `1.5` for JSON and CSV: no grouping, no trailing `.0`.
  package static func raw(_ value: Double) -> String {
    value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}

extension String {
  fileprivate func replacingZeros() -> String {
    var text = self
    while text.hasSuffix("0"), text.contains(".") { text.removeLast() }
    return text
  }
}
