/// Terminal column widths of text, measured by grapheme cluster (a cluster is never cut): a flag or
/// another emoji takes two columns however many scalars make it; any other cluster takes what a
/// terminal advances for its scalars, as glibc's `wcwidth` gives them — East Asian wide 2, combining
/// and format marks 0, spacing marks 1 (Nepali नेपाल is 4 columns, not 3). So tables stay aligned
/// with 🇪🇬, 中国, රු. and नेरू in them.
package enum TextWidth {
  package static func of(_ text: String) -> Int {
    var total = 0
    for character in text { total += of(character) }
    return total
  }

  package static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.isASCII, scalars.count == 1 { return first.value < 0x20 || first.value == 0x7F ? 0 : 1 }
    if scalars.contains(where: { (0x1F1E6...0x1F1FF).contains($0.value) }) { return 2 }
    if first.properties.isEmojiPresentation { return 2 }
    if scalars.contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji { return 2 }
    return scalars.reduce(0) { $0 + of($1) }
  }

  /// One scalar's columns outside an emoji: 0 for controls, combining and format marks and the
  /// conjoining Hangul vowels and finals; 2 for East Asian wide; else 1.
  static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (0x7F...0x9F).contains(value) || (0x1160...0x11FF).contains(value) { return 0 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: return isWide(value) ? 2 : 1
    }
  }

  /// East Asian Wide and Fullwidth ranges (Unicode 15, abridged to the blocks that occur in names).
  static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }

  /// `text` cut to at most `width` columns, ending in `…` when cut.
  package static func truncate(_ text: String, to width: Int) -> String {
    guard of(text) > width else { return text }
    guard width > 1 else { return width == 1 ? "…" : "" }
    var out = ""
    var used = 0
    for character in text {
      let w = of(character)
      if used + w > width - 1 { break }
      out.append(character)
      used += w
    }
    return out + "…"
  }

  /// `text` word-wrapped at spaces into lines of at most `width` columns. A word longer than that stands
  /// alone on its line (a card's URL stays whole) or, with `breakingWords`, is cut between clusters
  /// over as many lines as it needs (a table's column must not grow).
  package static func wrap(_ text: String, to width: Int, breakingWords: Bool = false) -> [String] {
    guard of(text) > width, width > 0 else { return [text] }
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      let candidate = current.isEmpty ? String(word) : current + " " + word
      if of(candidate) <= width {
        current = candidate
        continue
      }
      if !current.isEmpty { lines.append(current) }
      current = String(word)
      while breakingWords, of(current) > width {
        var head = ""
        for character in current {
          if of(head) + of(character) > width, !head.isEmpty { break }
          head.append(character)
        }
        lines.append(head)
        current = String(current.dropFirst(head.count))
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }

  /// `text` padded with spaces to `width` columns, on the right or (for numbers) the left.
  package static func pad(_ text: String, to width: Int, right: Bool = false) -> String {
    let gap = max(0, width - of(text))
    let spaces = String(repeating: " ", count: gap)
    return right ? spaces + text : text + spaces
  }
}
