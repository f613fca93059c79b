import CLibedit
import CtryOutput
import CtryShell
import CtrySystem
import FoundationEssentials
import Glibc

/// Line editing on libedit's native API (`el_*` and `history`).
///
/// The native API rather than libedit's readline emulation: completion here replaces a span the
/// shell's own tokenizer chose (several words, quotes, a diacritics-folded prefix), which the
/// readline layer's word-break model cannot express; and the native `el_gets` reports Ctrl-C as an
/// interrupted read the shell can act on. Emacs bindings, `~/.editrc` via `el_source`.
///
/// Not thread-safe: only the main thread calls it (the shell's reads, `MainThread.perform`), which is
/// why it is `@unchecked Sendable`.
package final class EditLineEditor: LineEditor, @unchecked Sendable {
  let editLine: OpaquePointer
  private let history: OpaquePointer
  /// The completer of the read in progress, over the data the shell took before its prompt.
  private var completer: Completer?
  private let output: any OutputSink
  private var promptBuffer: UnsafeMutablePointer<CChar>?
  /// The prompt of the read in progress (a Ctrl-R search shows its own meanwhile).
  var prompt = ""
  /// The history for Ctrl-R, oldest first: the lines the shell began with and those remembered since.
  var entries: [String]
  private let historySize: Int
  /// The Ctrl-R search in progress.
  var search: HistorySearch?
  /// The key that ended a search, handed to libedit once it has redrawn the line.
  var pendingKey: wchar_t?
  /// The text before the cursor at the last Tab that could not complete further; a second Tab there lists.
  private var lastAmbiguousTab: String?
  /// Whether a character read of the line in progress was interrupted (Ctrl-C): libedit reports that
  /// as the end of input, not as an error, when the function a key runs reads keys of its own.
  private var readInterrupted = false

  /// Why libedit cannot be used here (it is loaded when the first shell starts), or nil when it can.
  package static func unavailable() -> String? {
    var reason = [CChar](repeating: 0, count: 512)
    guard ctry_libedit_load(&reason, reason.count) != 0 else { return nil }
    return String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Returns nil when stdin or stdout is not a terminal libedit can drive, or libedit cannot be loaded.
  package init?(
    programName: String, history entries: [String], historySize: Int,
    output: any OutputSink = StandardOutput()
  ) {
    Self.useCharacterLocale()
    guard let input = fdopen(0, "r"), let terminalOut = fdopen(1, "w"), let errors = fdopen(2, "w"),
      let editLine = ctry_el_init(programName, input, terminalOut, errors), let history = ctry_history_init()
    else { return nil }
    self.editLine = editLine
    self.history = history
    self.output = output
    self.historySize = max(1, historySize)
    self.entries = Array(entries.suffix(self.historySize))

    var event = HistEvent()
    ctry_history_set_size(history, &event, Int32(max(1, historySize)))
    ctry_history_set_unique(history, &event, 1)
    for entry in entries { ctry_history_enter(history, &event, entry) }

    ctry_el_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
    ctry_el_set_editor(editLine, "emacs")
    // ctry handles the signals itself (SignalFlag): libedit's handling re-sends each one to the
    // whole process group.
    ctry_el_set_signal(editLine, 0)
    ctry_el_set_read_function(editLine) { editLine, character in EditLineEditor.readCharacter(editLine, character) }
    // libedit's edit mode keeps the terminal's IXON, so Ctrl-S stopped all output (the shell looked
    // frozen, and typing on filled the terminal's buffer until nothing but a kill got it back). Off
    // while libedit edits; each command runs with the terminal's own mode, IXON included.
    ctry_el_setty_edit(editLine, "-ixon")
    ctry_el_set_history(editLine, history)
    ctry_el_set_prompt(
      editLine, { editLine in EditLineEditor.editor(of: editLine)?.promptBuffer },
      CChar(Prompt.ignoreMarker.asciiValue ?? 1))
    ctry_el_add_function(editLine, "ctry-complete", "complete the word before the cursor") { editLine, _ in
      EditLineEditor.editor(of: editLine)?.tab() ?? UInt8(CC_ERROR)
    }
    ctry_el_add_function(editLine, "ctry-search-history", "search the history as you type") { editLine, _ in
      EditLineEditor.editor(of: editLine)?.startSearch() ?? UInt8(CC_ERROR)
    }
    ctry_el_add_function(editLine, "ctry-redraw", "redraw the line") { _, _ in UInt8(CC_REFRESH) }
    for (key, function) in Self.bindings { ctry_el_bind(editLine, key, function) }
    Self.bindCursorMotion(editLine)
    ctry_el_source(editLine, nil)  // ~/.editrc (or $EDITRC) may override any of the above
    ctry_el_bind(editLine, Self.redrawKeyBinding, "ctry-redraw")
    Self.closeUnsafeFunctions(editLine)
  }

  /// The editor whose `EditLine` this is (its client data).
  static func editor(of editLine: OpaquePointer?) -> EditLineEditor? {
    guard let editLine, let data = ctry_el_client_data(editLine) else { return nil }
    return Unmanaged<EditLineEditor>.fromOpaque(data).takeUnretainedValue()
  }

  /// libedit functions that crash it or stall the shell, unbound after `~/.editrc` so that no
  /// default key reaches them; the file's ordinary bindings stay:
  /// - its own command line (`ed-command`, on Alt-x in emacs mode and `:` in vi's command mode), no
  ///   part of ctry, which crashes libedit on some input;
  /// - `em-copy-prev-word` (Alt-Ctrl-_, and U+009F, which the emacs map binds directly as the
  ///   character Alt-Ctrl-_ makes), which writes through a pointer into the line after growing it;
  /// - `em-exchange-mark` (Ctrl-X Ctrl-X), which moves the cursor without a redraw, to a mark that
  ///   may lie past the end of the line;
  /// - the repeat counts (`ed-argument-digit`, Alt-0 to Alt-9), with which one key inserted up to a
  ///   million characters;
  /// - the history searches by regular expression (`ed-search-prev-history`, Alt-p, and
  ///   `ed-search-next-history`, Alt-n), which some typed patterns stall for minutes (Ctrl-R is
  ///   ctry's own search, `HistorySearch`).
  static func closeUnsafeFunctions(_ editLine: OpaquePointer) {
    let keys = ["\\ex", "\\eX", "\\e^_", "\\237", "^X^X", "\\ep", "\\eP", "\\en", "\\eN"] + (0...9).map { "\\e\($0)" }
    for key in keys { ctry_el_bind(editLine, key, "ed-unassigned") }
    for key in [":", "\\ex", "\\eX"] { ctry_el_bind_alternate(editLine, key, "ed-unassigned") }
  }

  /// libedit converts between UTF-8 and wide characters with the C library's locale: without one
  /// (a Swift program starts in the "C" locale) it cannot insert `Côte d'Ivoire`. Use the user's
  /// locale, or C.UTF-8 when that is not a UTF-8 one.
  static func useCharacterLocale() {
    let chosen = setlocale(LC_CTYPE, "").map { String(cString: $0) } ?? ""
    if !chosen.uppercased().replacing("-", with: "").contains("UTF8") {
      setlocale(LC_CTYPE, "C.UTF-8")
    }
  }

  /// Emacs keys, made explicit so they hold whatever libedit's defaults are (the cursor's keys are
  /// `CursorMotion`'s).
  static let bindings: [(String, String)] = [
    ("^I", "ctry-complete"),
    ("^K", "ed-kill-line"), ("^U", "vi-kill-line-prev"), ("^W", "ed-delete-prev-word"),
    ("^R", "ctry-search-history"),
    ("\\e[3~", "ed-delete-next-char"),
  ]

  deinit {
    ctry_el_end(editLine)
    ctry_history_end(history)
    free(promptBuffer)
  }

  package func read(prompt: String, completer: Completer) -> LineInput {
    self.completer = completer
    defer { self.completer = nil }
    self.prompt = prompt
    show(prompt: prompt)
    search = nil
    pendingKey = nil
    lastAmbiguousTab = nil
    readInterrupted = false
    if SignalFlag.takeResize() { ctry_el_resize(editLine) }
    // A `fg` while a command ran needs no redraw: el_gets draws the prompt afresh.
    _ = SignalFlag.takeContinued()
    var count: Int32 = 0
    SignalFlag.stopInterruptsReads(true)
    // libedit draws the prompt before it switches the terminal to its edit mode (that waits for the
    // first read), so keys typed the moment the prompt shows went through the cooked terminal: echoed
    // by the kernel, and a Ctrl-C there flushed them and interrupted nothing. Edit mode first.
    if Terminal.isTerminal(0) { ctry_el_prepare_terminal(editLine) }
    let got = ctry_el_gets(editLine, &count)
    SignalFlag.stopInterruptsReads(false)
    guard let raw = got else {
      if let signal = SignalFlag.terminationSignal {
        output.write("\n")
        return .terminated(signal)
      }
      if readInterrupted, Terminal.isTerminal(0) {
        output.write("^C\n")
        ctry_el_reset(editLine)
        return .interrupted
      }
      // Ctrl-D, or a terminal that is gone (EIO): leave instead of reading again.
      output.write("\n")
      return .endOfInput
    }
    var line = String(cString: raw)
    if line.hasSuffix("\n") { line.removeLast() }
    return .line(line)
  }

  /// How libedit reads each character (`EL_GETCFN`): one byte at a time from stdin, decoded as
  /// UTF-8 by `TypedCharacterDecoder`, so libedit only ever holds Unicode scalar values (the C
  /// library's decoder makes values past U+10FFFF of the 5- and 6-byte forms, and libedit aborts
  /// when it encodes one of six bytes again, at Enter, Tab or a redraw). Bytes that make no
  /// character are dropped. libedit's own reader redraws the line after Ctrl-Z and `fg` only when
  /// libedit handles the signals itself, which ctry does not (see `SignalFlag`); here a read
  /// interrupted by that continuation redraws the prompt and the line at once and reads on. Any
  /// other interrupted read (Ctrl-C, SIGTERM, SIGHUP) ends `el_gets` with EINTR. While Ctrl-R
  /// searches, the keys go to the search (`key(for:)`).
  static func readCharacter(_ editLine: OpaquePointer?, _ character: UnsafeMutablePointer<wchar_t>?) -> Int32 {
    guard let character else { return -1 }
    let editor = editor(of: editLine)
    if let pending = editor?.pendingKey {
      editor?.pendingKey = nil
      character.pointee = pending
      return 1
    }
    var decoder = TypedCharacterDecoder()
    while true {
      // A Ctrl-C (or SIGTERM, SIGHUP) that came while no read was blocked, as the prompt was drawn
      // or a key handled, ends this read as if it had interrupted it; it would wait for the next key.
      if SignalFlag.take() || SignalFlag.terminationSignal != nil { return interrupted(editLine) }
      var byte: UInt8 = 0
      let count: Int
      do throws(SystemCallError) {
        count = try withUnsafeMutableBytes(of: &byte) { (buffer) throws(SystemCallError) in
          try SystemCall.read(0, into: buffer, interruptible: true)
        }
      } catch {
        guard error.code == EINTR else {
          errno = error.code
          return -1
        }
        guard SignalFlag.takeContinued() else { return interrupted(editLine) }
        if let editLine { ctry_el_refresh(editLine) }
        continue
      }
      if count == 0 { return 0 }
      guard let scalar = decoder.decode(byte) else { continue }
      character.pointee = editor?.key(for: scalar) ?? wchar_t(scalar.value)
      return 1
    }
  }

  /// Ends a character read as interrupted (EINTR), and notes it for `read`.
  private static func interrupted(_ editLine: OpaquePointer?) -> Int32 {
    editor(of: editLine)?.readInterrupted = true
    errno = EINTR
    return -1
  }

  package func remember(_ line: String) {
    guard !line.isEmpty, !line.hasPrefix(" ") else { return }
    var event = HistEvent()
    ctry_history_enter(history, &event, line)
    if entries.last != line { entries.append(line) }
    if entries.count > historySize { entries.removeFirst(entries.count - historySize) }
  }

  /// Makes `text` the prompt libedit shows at its next redraw.
  func show(prompt text: String) {
    free(promptBuffer)
    promptBuffer = strdup(text)
  }

  /// Tab: insert the completion, or on a second Tab with nothing more to insert, list the candidates.
  private func tab() -> UInt8 {
    guard let info = ctry_el_line(editLine)?.pointee else { return UInt8(CC_ERROR) }
    let length = info.cursor - info.buffer
    let before = info.buffer.withMemoryRebound(to: UInt8.self, capacity: length) {
      String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
    }
    guard let completion = completer?.complete(before) else { return UInt8(CC_ERROR) }
    guard !completion.candidates.isEmpty else { return UInt8(CC_ERROR) }
    if let replacement = completion.replacement {
      let replaced = before.dropFirst(completion.replaceStart)
      ctry_el_deletestr(editLine, Int32(replaced.unicodeScalars.count))
      guard ctry_el_insertstr(editLine, replacement) == 0 else { return UInt8(CC_ERROR) }
      lastAmbiguousTab = completion.candidates.count > 1 ? before.prefix(completion.replaceStart) + replacement : nil
      return UInt8(CC_REFRESH)
    }
    guard lastAmbiguousTab == before else {
      lastAmbiguousTab = before
      return UInt8(CC_REFRESH_BEEP)
    }
    let width = Terminal.width() ?? 80
    let listing = ColumnLayout.format(completion.candidates, width: width)
    let lines = listing.utf8.count { $0 == UInt8(ascii: "\n") }
    // Past a screenful, ask first, as readline does; anything but y or space declines.
    if lines >= (Terminal.height() ?? 24) - 1 {
      output.write("\nDisplay all \(completion.candidates.count) possibilities? (y or n)")
      var answer: CChar = 0
      let read = ctry_el_getc(editLine, &answer)
      guard read == 1,
        answer == CChar(UInt8(ascii: "y")) || answer == CChar(UInt8(ascii: "Y"))
          || answer == CChar(UInt8(ascii: " "))
      else {
        output.write("\n")
        return UInt8(CC_REDISPLAY)
      }
    }
    output.write("\n" + listing)
    return UInt8(CC_REDISPLAY)
  }
}
