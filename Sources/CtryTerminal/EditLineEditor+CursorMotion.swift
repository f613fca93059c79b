import CLibedit
import Glibc

/// Cursor motions that have libedit redraw the line.
///
/// libedit's own motions (`ed-move-to-beg`, `ed-move-to-end`, `ed-prev-char`, `ed-next-char`,
/// `ed-prev-word`, `em-next-word`) only move the terminal's cursor, reckoned from the start of the
/// line: on a line longer than the screen that reckoning leaves libedit's screen state behind the
/// cursor, and typing on at the end then wrote past its rows. These make the same moves and return
/// `CC_REFRESH`, whose redraw keeps that state whole. They take every key libedit and ctry give
/// those functions by default; `~/.editrc` may bind others.
extension EditLineEditor {
  enum CursorMotion: CaseIterable {
    case start, end, previousCharacter, nextCharacter, previousWord, nextWord

    /// The name libedit knows the function by, and its help line.
    var function: (name: String, help: String) {
      switch self {
      case .start: ("ctry-move-to-start", "move to the start of the line")
      case .end: ("ctry-move-to-end", "move to the end of the line")
      case .previousCharacter: ("ctry-previous-character", "move one character left")
      case .nextCharacter: ("ctry-next-character", "move one character right")
      case .previousWord: ("ctry-previous-word", "move to the start of the word")
      case .nextWord: ("ctry-next-word", "move to the end of the word")
      }
    }

    /// The keys: control keys, Alt-letters, and the sequences terminals send for the arrows, Home
    /// and End.
    var keys: [String] {
      switch self {
      case .start: ["^A", "\\e[H", "\\eOH", "\\e[1~"]
      case .end: ["^E", "\\e[F", "\\eOF", "\\e[4~"]
      case .previousCharacter: ["^B", "\\e[D", "\\eOD"]
      case .nextCharacter: ["^F", "\\e[C", "\\eOC"]
      case .previousWord: ["\\eb", "\\eB"]
      case .nextWord: ["\\ef", "\\eF"]
      }
    }

    /// libedit's name for the arrow key, and the terminal capability of the string it sends.
    var arrow: (name: String, capability: String)? {
      switch self {
      case .start: ("home", "kh")
      case .end: ("end", "@7")
      case .previousCharacter: ("left", "kl")
      case .nextCharacter: ("right", "kr")
      case .previousWord, .nextWord: nil
      }
    }

    /// libedit calls these through C function pointers, which capture nothing.
    var command: ctry_command_fn {
      switch self {
      case .start: { editLine, _ in CursorMotion.start.move(editLine) }
      case .end: { editLine, _ in CursorMotion.end.move(editLine) }
      case .previousCharacter: { editLine, _ in CursorMotion.previousCharacter.move(editLine) }
      case .nextCharacter: { editLine, _ in CursorMotion.nextCharacter.move(editLine) }
      case .previousWord: { editLine, _ in CursorMotion.previousWord.move(editLine) }
      case .nextWord: { editLine, _ in CursorMotion.nextWord.move(editLine) }
      }
    }

    /// Moves the cursor and has libedit redraw; as libedit's own motions, a move by a character or
    /// a word that cannot be made is an error (a beep), a move to the start or the end never is.
    func move(_ editLine: OpaquePointer?) -> UInt8 {
      guard let editLine, let line = ctry_el_wline(editLine)?.pointee,
        let buffer = line.buffer, let cursor = line.cursor, let end = line.lastchar
      else { return UInt8(CC_ERROR) }
      let text = UnsafeBufferPointer(start: buffer, count: end - buffer)
      let here = cursor - buffer
      var target = here
      switch self {
      case .start: target = 0
      case .end: target = text.count
      case .previousCharacter: target -= 1
      case .nextCharacter: target += 1
      case .previousWord:
        while target > 0, !Self.isWordCharacter(text[target - 1]) { target -= 1 }
        while target > 0, Self.isWordCharacter(text[target - 1]) { target -= 1 }
      case .nextWord:
        while target < text.count, !Self.isWordCharacter(text[target]) { target += 1 }
        while target < text.count, Self.isWordCharacter(text[target]) { target += 1 }
      }
      guard (0...text.count).contains(target), target != here else {
        return UInt8(self == .start || self == .end ? CC_NORM : CC_ERROR)
      }
      ctry_el_cursor(editLine, Int32(target - here))
      return UInt8(CC_REFRESH)
    }

    /// libedit's emacs words: letters, digits and `*?_-.[]~=`.
    static func isWordCharacter(_ character: wchar_t) -> Bool {
      if iswalnum(wint_t(bitPattern: character)) != 0 { return true }
      return "*?_-.[]~=".unicodeScalars.contains { wchar_t($0.value) == character }
    }
  }

  /// Adds the motions to libedit and binds them to their keys, including the strings this terminal
  /// sends for the arrows, Home and End.
  static func bindCursorMotion(_ editLine: OpaquePointer) {
    for motion in CursorMotion.allCases {
      let (name, help) = motion.function
      ctry_el_add_function(editLine, name, help, motion.command)
      for key in motion.keys { ctry_el_bind(editLine, key, name) }
      guard let (arrow, capability) = motion.arrow else { continue }
      ctry_el_bind_arrow(editLine, arrow, name)
      if let sent = ctry_el_terminal_string(editLine, capability), sent.pointee != 0 {
        ctry_el_bind(editLine, sent, name)
      }
    }
  }
}
