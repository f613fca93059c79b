/// Ctrl-R: a search of the history, newest first, for the text typed so far, found as plain text in
/// any case (no pattern language, so no typed text makes it slow), as readline's
/// `reverse-i-search` does.
///
/// Each key typed during the search goes to `handle`: text extends the search, Ctrl-R finds the next
/// older line, Backspace shortens the search, Ctrl-G gives the line back as it was; any other key
/// ends the search on the line found, and is then handled as usual (Enter runs that line).
package struct HistorySearch: Sendable {
  /// The history, oldest first, and the same folded (`folded`) for matching.
  private let entries: [[Unicode.Scalar]]
  private let foldedEntries: [[Unicode.Scalar]]
  /// The line and the cursor (in Unicode scalars) when the search began.
  private let original: (line: [Unicode.Scalar], cursor: Int)
  private(set) var pattern: [Unicode.Scalar] = []
  /// The entry found and where in it the text starts.
  private var found: (entry: Int, offset: Int)?
  /// Whether the last search found nothing (the line found before stays).
  private(set) var failed = false

  package enum Outcome: Equatable, Sendable {
    /// The search goes on; show `line` with the cursor at `cursor`, under `prompt`.
    case searching
    /// The search is over: show `line`, then hand the key on (nil when the key was Ctrl-G).
    case finished(passOn: Unicode.Scalar?)
  }

  package init(history: [String], line: String, cursor: Int) {
    entries = history.map { Array($0.unicodeScalars) }
    foldedEntries = entries.map { $0.map(Self.folded) }
    original = (Array(line.unicodeScalars), cursor)
  }

  /// The prompt while searching.
  package var prompt: String {
    (failed ? "(failed reverse-i-search)`" : "(reverse-i-search)`") + String(String.UnicodeScalarView(pattern)) + "': "
  }

  /// The line to show: the entry found, or the line the search began on.
  package var line: String {
    String(String.UnicodeScalarView(found.map { entries[$0.entry] } ?? original.line))
  }

  /// Where the cursor goes in `line`, in Unicode scalars.
  package var cursor: Int { found?.offset ?? original.cursor }

  package mutating func handle(_ key: Unicode.Scalar) -> Outcome {
    switch key.value {
    case 0x12:  // Ctrl-R: the next older line
      search(before: found?.entry ?? entries.count)
    case 0x7F, 0x08:  // Backspace
      guard !pattern.isEmpty else { return .searching }
      pattern.removeLast()
      found = nil
      search(before: entries.count)
    case 0x07:  // Ctrl-G
      found = nil
      return .finished(passOn: nil)
    default:
      guard key.properties.generalCategory != .control else { return .finished(passOn: key) }
      pattern.append(key)
      search(before: (found?.entry ?? entries.count - 1) + 1)
    }
    return .searching
  }

  /// Finds the newest entry older than `end` that holds the pattern, other than the line shown.
  private mutating func search(before end: Int) {
    let shown = line
    let wanted = pattern.map(Self.folded)
    for index in stride(from: min(end, entries.count) - 1, through: 0, by: -1) {
      guard let offset = Self.offset(of: wanted, in: foldedEntries[index]),
        found == nil || found?.entry == index || String(String.UnicodeScalarView(entries[index])) != shown
      else { continue }
      found = (index, offset)
      failed = false
      return
    }
    failed = true
  }

  /// Where `wanted` first starts in `entry` (both folded), or nil.
  private static func offset(of wanted: [Unicode.Scalar], in entry: [Unicode.Scalar]) -> Int? {
    guard wanted.count <= entry.count else { return nil }
    guard !wanted.isEmpty else { return 0 }
    for start in 0...(entry.count - wanted.count) where entry[start..<start + wanted.count].elementsEqual(wanted) {
      return start
    }
    return nil
  }

  /// One scalar for one, so offsets stay those of the line: its lowercase form when that is one scalar.
  private static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    if scalar.isASCII {
      return ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
    }
    let lower = scalar.properties.lowercaseMapping.unicodeScalars
    return lower.count == 1 ? lower[lower.startIndex] : scalar
  }
}
