/// Locale-independent number text: `102334403` → `102,334,403`.
package enum NumberFormat {
  package static func grouped(_ value: Int) -> String {
    let digits = Array(String(value.magnitude).utf8)
    var out: [UInt8] = []
    out.reserveCapacity(1 + digits.count + digits.count / 3)
    if value < 0 { out.append(UInt8(ascii: "-")) }
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { out.append(UInt8(ascii: ",")) }
      out.append(digit)
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Whole numbers grouped; others with up to two decimals. Numbers too large for an `Int` (an area
  /// of 1e19 in a cache) and non-finite ones are written as Swift writes a Double, never trapped on.
  package static func grouped(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e15 else { return String(value) }
    if value == value.rounded(), let whole = Int(exactly: value) { return grouped(whole) }
    let whole = value < 0 ? -(-value).rounded(.down) : value.rounded(.down)
    guard let wholeInt = Int(exactly: whole) else { return String(value) }
    var fraction = Int((abs(value - whole) * 100).rounded())
    var wholeText = grouped(wholeInt)
    if fraction == 100 {  // 2.999 rounds to 3, not "2.100"
      fraction = 0
      wholeText = grouped(wholeInt + (value < 0 ? -1 : 1))
    }
    if value < 0, wholeInt == 0, fraction > 0 { wholeText = "-" + wholeText }
    let fractionText = fraction == 0 ? "" : "." + (fraction < 10 ? "0\(fraction)" : "\(fraction)")
    return wholeText + fractionText.replacingZeros()
  }

  /// `1.5` for JSON and CSV: no grouping, no trailing `.0`.
  package static func raw(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e15, value == value.rounded(), let whole = Int(exactly: value) else {
      return String(value)
    }
    return String(whole)
  }
}

extension String {
  fileprivate func replacingZeros() -> String {
    var text = self
    while text.hasSuffix("0"), text.contains(".") { text.removeLast() }
    return text
  }
}

extension NumberFormat {
  /// `2.35` → `2.4`: one decimal, rounded half away from zero, as `printf("%.1f")` writes it for the
  /// durations and sizes ctry reports.
  package static func oneDecimal(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e15, let tenths = Int(exactly: (abs(value) * 10).rounded()) else {
      return String(value)
    }
    let sign = value.sign == .minus ? "-" : ""
    return "\(sign)\(tenths / 10).\(tenths % 10)"
  }
}
