import FoundationEssentials

/// Decoding for payloads whose scalar types wander (the real `/v2/all` has a numeric `numericCode`,
/// string `area`s and a string `independent`): accept a number or a string where either is meant.
extension KeyedDecodingContainer {
  func lenientString(_ key: Key) -> String? {
    if let text = try? decodeIfPresent(String.self, forKey: key) { return text }
    if let number = try? decodeIfPresent(Int.self, forKey: key) { return String(number) }
    if let number = try? decodeIfPresent(Double.self, forKey: key) { return String(number) }
    return nil
  }

  /// Finite numbers only (a string "NaN" or "inf" is not one).
  func lenientDouble(_ key: Key) -> Double? {
    if let number = try? decodeIfPresent(Double.self, forKey: key) { return number.isFinite ? number : nil }
    if let text = try? decodeIfPresent(String.self, forKey: key) {
      return Double(text).flatMap { $0.isFinite ? $0 : nil }
    }
    return nil
  }

  func lenientInt(_ key: Key) -> Int? {
    if let number = try? decodeIfPresent(Int.self, forKey: key) { return number }
    if let number = try? decodeIfPresent(Double.self, forKey: key) { return Int(exactly: number.rounded()) }
    if let text = try? decodeIfPresent(String.self, forKey: key) { return Int(text) }
    return nil
  }

  func lenientBool(_ key: Key) -> Bool? {
    if let flag = try? decodeIfPresent(Bool.self, forKey: key) { return flag }
    if let text = try? decodeIfPresent(String.self, forKey: key) {
      return ["true", "yes", "1"].contains(text.lowercased())
    }
    return nil
  }
}
