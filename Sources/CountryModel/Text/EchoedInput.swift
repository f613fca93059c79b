/// What a person typed, as an error shows it back: the whole text when it is short, else its first
/// `limit` Unicode scalars and `…`. Every error that echoes input (`unknown country '…'`, `got '…'`)
/// goes through here, so a 10 MB argument is one short line, not 10 MB on stderr.
public enum EchoedInput {
  /// The most of an input an error shows.
  public static let limit = 60

  /// `text`, or its first `limit` scalars and `…`: O(limit), whatever the length of `text`.
  public static func shortened(_ text: some StringProtocol, limit: Int = limit) -> String {
    // UTF-8 bytes are at least as many as scalars: a text of at most `limit` bytes is kept whole.
    guard text.utf8.count > limit else { return String(text) }
    var head = String.UnicodeScalarView()
    var rest = text.unicodeScalars.makeIterator()
    while head.count < limit, let scalar = rest.next() { head.append(scalar) }
    guard rest.next() != nil else { return String(text) }
    return String(head) + "…"
  }
}
