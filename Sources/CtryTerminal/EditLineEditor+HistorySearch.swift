import CLibedit
import Glibc

/// Ctrl-R, ctry's own history search (`HistorySearch`) in place of libedit's: libedit's searched by
/// regular expression, which some typed patterns stall for minutes, and wrote its `bck:` line past
/// the end of a line near the size of its buffer.
///
/// The search runs between libedit's reads: `readCharacter` hands each key to `key(for:)`, which
/// updates the search, the line and the prompt, and gives libedit `redrawKey` instead, bound to a
/// function that only has libedit redraw. The key that ends the search is handed to libedit next.
extension EditLineEditor {
  /// U+0091 (PRIVATE USE ONE), a control no key is meant to type.
  static let redrawKey = wchar_t(0x91)
  /// `redrawKey` as libedit's `bind` writes it.
  static let redrawKeyBinding = "\\221"

  /// Ctrl-R: starts a search on the line as it is.
  func startSearch() -> UInt8 {
    guard let line = ctry_el_wline(editLine)?.pointee, let buffer = line.buffer, let cursor = line.cursor,
      let end = line.lastchar
    else { return UInt8(CC_ERROR) }
    let scalars = UnsafeBufferPointer(start: buffer, count: end - buffer).compactMap {
      Unicode.Scalar(UInt32(bitPattern: $0))
    }
    let started = HistorySearch(
      history: entries, line: String(String.UnicodeScalarView(scalars)), cursor: cursor - buffer)
    search = started
    show(prompt: started.prompt)
    return UInt8(CC_REFRESH)
  }

  /// The key libedit reads for the typed `scalar`: itself, or while a search runs, `redrawKey`.
  func key(for scalar: Unicode.Scalar) -> wchar_t {
    guard var running = search else { return wchar_t(scalar.value) }
    let outcome = running.handle(scalar)
    replaceLine(with: running.line, cursor: running.cursor)
    switch outcome {
    case .searching:
      search = running
      show(prompt: running.prompt)
    case .finished(let passOn):
      search = nil
      show(prompt: prompt)
      pendingKey = passOn.map { wchar_t($0.value) }
    }
    return Self.redrawKey
  }

  /// Makes `text` the line, with the cursor `cursor` characters into it.
  private func replaceLine(with text: String, cursor: Int) {
    guard let line = ctry_el_wline(editLine)?.pointee, let buffer = line.buffer, let here = line.cursor,
      let end = line.lastchar
    else { return }
    ctry_el_cursor(editLine, Int32(end - here))
    ctry_el_deletestr(editLine, Int32(end - buffer))
    if !text.isEmpty { ctry_el_insertstr(editLine, text) }
    ctry_el_cursor(editLine, Int32(cursor - text.unicodeScalars.count))
  }
}
