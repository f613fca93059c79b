extension StringProtocol {
  /// The text without leading and trailing whitespace or line breaks (Swift's `Character.isWhitespace`).
  /// Foundation's `trimmingCharacters(in:)` would link all of Foundation and ICU into the binary.
  package func trimmingWhitespace() -> String { trimming(while: \.isWhitespace) }

  /// The text without the leading and trailing characters that match `predicate`.
  package func trimming(while predicate: (Character) -> Bool) -> String {
    guard let first = firstIndex(where: { !predicate($0) }), let last = lastIndex(where: { !predicate($0) }) else {
      return ""
    }
    return String(self[first...last])
  }

  /// The text with spaces after it up to `width` characters; as it is when already that wide.
  package func padded(to width: Int) -> String {
    String(self) + String(repeating: " ", count: Swift.max(0, width - count))
  }
}
