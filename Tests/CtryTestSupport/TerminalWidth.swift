import Glibc

/// The columns a Linux terminal gives a text: glibc's `wcwidth` for each scalar, in a UTF-8 locale
/// (combining marks 0, spacing marks 1, East Asian wide 2, each regional indicator 1), as xterm,
/// VTE and tmux advance the cursor. An oracle apart from ctry's `TextWidth`, so that a test of the
/// table layout does not check the layout's own measure against itself.
package enum TerminalWidth {
  private typealias WCWidth = @convention(c) (Int32) -> Int32

  /// glibc's `wcwidth`, looked up by name (Swift's Glibc module declares it only under `_XOPEN_SOURCE`).
  nonisolated(unsafe) private static let wcwidth: WCWidth? = {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "wcwidth") else { return nil }
    return unsafeBitCast(symbol, to: WCWidth.self)
  }()

  /// A UTF-8 locale for this thread only (`uselocale`), so the test process's locale is left alone.
  nonisolated(unsafe) private static let utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)

  /// The terminal columns of `text` (a control character counts 0).
  package static func of(_ text: some StringProtocol) -> Int {
    guard let wcwidth, let utf8 else { return -1 }
    let previous = uselocale(utf8)
    defer { uselocale(previous) }
    return text.unicodeScalars.reduce(0) { $0 + max(0, Int(wcwidth(Int32(bitPattern: $1.value)))) }
  }

  /// The columns at which each run of two or more spaces ends in `line`: where a table cell starts.
  package static func cellStarts(_ line: some StringProtocol) -> [Int] {
    var starts: [Int] = []
    var column = 0
    var spaces = 0
    for character in line {
      if character == " " {
        spaces += 1
      } else {
        if spaces >= 2 { starts.append(column) }
        spaces = 0
      }
      column += of(String(character))
    }
    return starts
  }
}
