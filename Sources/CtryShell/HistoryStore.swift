import CountryModel
import CountryNetwork
import CtryGrammar
import CtryOutput
import CtrySystem
import FoundationEssentials
import Glibc
import Synchronization

/// The shell's command history: in memory for this session, and appended (`O_APPEND`) to a file after
/// every accepted line, so a killed shell loses no line it had accepted and two shells' lines
/// interleave instead of overwriting each other. The trim on load rewrites the file, so a line another
/// shell appends at that very moment can be lost.
///
/// Rules (as in bash with `ignorespace:ignoredups`): empty lines and lines starting with a space are
/// not recorded, nor is a line holding a URL with credentials (`set api https://user:pw@host/`) or one
/// longer than a command may be (`InputLimits`); a line equal to the previous one is recorded once. The
/// shell never hands it a line that holds a secret (`Engine.holdsSecret`). The file keeps the last
/// `limit` lines: it is trimmed on load when it has grown past twice that.
///
/// Loading reads only the end of the file, at most `readBytes`, and makes a String only of the lines
/// it keeps; a line longer than a command may be is never loaded. So a history file of any size
/// costs a start no more than that, and one larger is trimmed.
///
/// The file is only ever opened as itself (`O_NOFOLLOW`, and only a regular file): a symbolic link
/// planted at its path is neither read nor written through, and history is then kept for this
/// session only, after one line on stderr.
package final class HistoryStore: Sendable {
  package static let defaultLimit = 1000
  /// The most bytes read from the end of the file.
  package static let readBytes = 8 << 20

  package let path: String?
  private let state: Mutex<(entries: [String], limit: Int)>
  private let warn: @Sendable (String) -> Void
  private let warned = Atomic<Bool>(false)

  /// `warn` gets the one line saying why the file is not used (once per store).
  package init(
    path: String?, limit: Int = HistoryStore.defaultLimit,
    warn: @escaping @Sendable (String) -> Void = { StandardOutput.writeError($0 + "\n") }
  ) {
    self.path = path
    self.state = Mutex(([], max(1, limit)))
    self.warn = warn
  }

  /// The entries of this session, oldest first (loaded ones included).
  package var entries: [String] { state.withLock { $0.entries } }

  package var limit: Int {
    get { state.withLock { $0.limit } }
    set {
      state.withLock {
        $0.limit = max(1, newValue)
        $0.entries = Array($0.entries.suffix($0.limit))
      }
    }
  }

  /// Reads the file (the last `limit` lines), trimming it when it has grown too long.
  @discardableResult
  package func load() -> [String] {
    guard let fd = openFile(O_RDONLY) else { return [] }
    let end = try? RegularFile.tail(fd, limit: Self.readBytes)
    close(fd)
    guard let end else { return [] }
    let limit = self.limit
    let (kept, total) = Self.lastLines(of: end.bytes, count: limit, cut: end.skipped > 0)
    if total > 2 * limit || end.skipped > 0 { trimFile() }
    state.withLock { $0.entries = kept }
    return kept
  }

  /// Records an accepted line; returns whether it was recorded (see the rules above).
  @discardableResult
  package func record(_ line: String) -> Bool {
    let line = line.trimming(while: \.isNewline)
    guard !line.isEmpty, line.utf8.count <= InputLimits.lineBytes, !line.hasPrefix(" "), !line.contains("\n"),
      !URLRedaction.lineHasSecrets(line)
    else { return false }
    let recorded = state.withLock { state -> Bool in
      if state.entries.last == line { return false }
      state.entries.append(line)
      if state.entries.count > state.limit { state.entries.removeFirst(state.entries.count - state.limit) }
      return true
    }
    if recorded { append(line) }
    return recorded
  }

  private func append(_ line: String) {
    guard let path else { return }
    try? AtomicFile.ensureDirectory(AtomicFile.directory(of: path))
    guard let fd = openFile(O_WRONLY | O_CREAT | O_APPEND) else { return }
    defer { close(fd) }
    flock(fd, LOCK_EX)
    defer { flock(fd, LOCK_UN) }
    let bytes = Array((line + "\n").utf8)
    bytes.withUnsafeBytes { try? SystemCall.writeAll(fd, $0) }
  }

  /// The history file itself, opened with `flags` (`RegularFile`, never through a link): nil when
  /// there is none, or when its path is a symbolic link or anything but a regular file (said once
  /// through `warn`).
  private func openFile(_ flags: Int32) -> Int32? {
    guard let path else { return nil }
    let problem: String?
    do throws(RegularFile.Failure) {
      return try RegularFile.open(path, flags: flags, mode: 0o600, followingLinks: false)
    } catch {
      switch error {
      case .symbolicLink, .notRegular: problem = "\(error)"
      case .missing, .tooLarge, .system: problem = nil
      }
    }
    if let problem, !warned.exchange(true, ordering: .relaxed) {
      warn("ctry: not keeping history in \(VisibleEscapes.escaped(path)): \(problem)")
    }
    return nil
  }

  /// The last `count` lines of `bytes`, oldest first, and how many non-empty lines `bytes` holds
  /// (counted only until there are more than twice `count`: enough to say it needs a trim). `cut`: `bytes` is the end of a longer file, so its first line may be the end of one cut off,
  /// and is dropped. Empty lines are skipped, and so is a line that is not valid UTF-8 or is longer
  /// than a command may be (`InputLimits.lineBytes`), so one bad line never hides the rest.
  static func lastLines(of bytes: [UInt8], count: Int, cut: Bool) -> (lines: [String], total: Int) {
    let newline = UInt8(ascii: "\n")
    let first = cut ? bytes.firstIndex(of: newline).map { $0 + 1 } ?? bytes.count : 0
    var lines: [String] = []
    var total = 0
    // From the end back: `end` is where the line after the next newline to the left ends.
    var end = bytes.count
    while end > first, lines.count < count || total <= 2 * count {
      let start = (bytes[first..<end].lastIndex(of: newline) ?? first - 1) + 1
      if start < end {
        total += 1
        if lines.count < count, end - start <= InputLimits.lineBytes,
          let line = String(validating: bytes[start..<end], as: UTF8.self)
        {
          lines.append(line)
        }
      }
      end = start - 1
    }
    return (lines.reversed(), total)
  }

  /// Rewrites the file with its last `limit` lines, under the same lock appends take.
  private func trimFile() {
    guard let path, let fd = openFile(O_RDONLY) else { return }
    defer { close(fd) }
    flock(fd, LOCK_EX)
    defer { flock(fd, LOCK_UN) }
    // Re-read under the lock so lines another shell appended since are kept.
    guard let end = try? RegularFile.tail(fd, limit: Self.readBytes) else { return }
    let kept = Self.lastLines(of: end.bytes, count: limit, cut: end.skipped > 0).lines
    try? AtomicFile.write(Data(kept.map { $0 + "\n" }.joined().utf8), to: path)
  }
}
