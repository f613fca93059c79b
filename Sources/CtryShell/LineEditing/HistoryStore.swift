import CountryModel
import CountryNetwork
import CtrySystem
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// The shell's command history: in memory for this session, and appended (`O_APPEND`) to a file after
/// every accepted line, so a killed shell loses no line it had accepted and two shells' lines
/// interleave instead of overwriting each other. The trim on load rewrites the file, so a line another
/// shell appends at that very moment can be lost.
///
/// Rules (as in bash with `ignorespace:ignoredups`): empty lines and lines starting with a space are
/// not recorded, nor is `set api-key KEY`, a line holding a URL with credentials (`set api https://user:pw@host/`)
/// or one longer than a command may be (`InputLimits`); a line equal to the previous one is recorded once. The file keeps the last `limit`
/// lines: it is trimmed on load when it has grown past twice that.
///
/// The file is only ever opened as itself (`O_NOFOLLOW`, and only a regular file): a symbolic link
/// planted at its path is neither read nor written through, and history is then kept for this
/// session only, after one line on stderr.
package final class HistoryStore: Sendable {
  package static let defaultLimit = 1000

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
    let data = Self.contents(fd)
    close(fd)
    let lines = Self.lines(of: data)
    let limit = self.limit
    let kept = Array(lines.suffix(limit))
    if lines.count > 2 * limit { trimFile(to: kept) }
    state.withLock { $0.entries = kept }
    return kept
  }

  /// Records an accepted line; returns whether it was recorded (see the rules above).
  @discardableResult
  package func record(_ line: String) -> Bool {
    let line = line.trimming(while: \.isNewline)
    guard !line.isEmpty, line.utf8.count <= InputLimits.lineBytes, !line.hasPrefix(" "), !line.contains("\n"),
      !APIKeyStore.isSecret(line),
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

  /// Everything left to read from `fd`.
  private static func contents(_ fd: Int32) -> Data {
    var data = Data()
    while let chunk = try? SystemCall.read(fd, upTo: 65536), !chunk.isEmpty { data.append(contentsOf: chunk) }
    return data
  }

  /// The non-empty lines of a history file. A line that is not valid UTF-8 is skipped, so one bad
  /// line never hides the rest.
  static func lines(of data: Data) -> [String] {
    data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).compactMap {
      String(validating: $0, as: UTF8.self)
    }
  }

  /// Rewrites the file with `lines`, under the same lock appends take.
  private func trimFile(to lines: [String]) {
    guard let path, let fd = openFile(O_RDONLY) else { return }
    defer { close(fd) }
    flock(fd, LOCK_EX)
    defer { flock(fd, LOCK_UN) }
    // Re-read under the lock so lines another shell appended since are kept.
    let current = Self.lines(of: Self.contents(fd))
    let kept = current.suffix(max(lines.count, 1))
    try? AtomicFile.write(Data((kept.joined(separator: "\n") + "\n").utf8), to: path)
  }
}
