import FoundationEssentials
import Glibc

/// Crash-safe file writes and the quarantine of unreadable files.
///
/// Every write goes to a temporary file in the same directory, is flushed with `fsync`, and is renamed
/// over the target, so a reader sees either the old or the new content, never a torn file.
public enum AtomicFile {
  /// Writes `data` to `path` atomically, creating the directory (mode 0700) if needed.
  public static func write(_ data: Data, to path: String) throws(CtryError) {
    let replacement = Replacement(of: path)
    try ensureDirectory(replacement.directory)
    do throws(SystemCallError) {
      try replacement.write(data)
    } catch {
      throw CtryError(.io, "cannot write \(path): \(error)")
    }
    do throws(SystemCallError) {
      try replacement.commit()
    } catch {
      throw CtryError(.io, "cannot replace \(path): \(error)")
    }
  }

  /// The one way ctry replaces a file: content goes to `temporary`, a new name beside the target
  /// (`.NAME.tmp-PID-RANDOM`, which `removeStaleTemporaries` knows), is flushed, and `commit` renames
  /// it over the target and flushes the directory, so the rename itself survives a power cut.
  package struct Replacement: Sendable {
    /// The file replaced.
    package let target: String
    /// The directory holding both.
    package let directory: String
    /// Where the new content is written first.
    package let temporary: String

    package init(of target: String) {
      self.target = target
      directory = AtomicFile.directory(of: target)
      let slash = target.lastIndex(of: "/")
      let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
      let prefix = slash.map { String(target[...$0]) } ?? ""
      temporary = "\(prefix).\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Writes `data` to the temporary file (mode 0600) and flushes it; on failure nothing is left.
    package func write(_ data: Data) throws(SystemCallError) {
      let fd = try SystemCall.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o600)
      defer { close(fd) }
      do throws(SystemCallError) {
        let failure = data.withUnsafeBytes { buffer -> SystemCallError? in
          do throws(SystemCallError) {
            try SystemCall.writeAll(fd, buffer)
            return nil
          } catch {
            return error
          }
        }
        if let failure { throw failure }
        try SystemCall.fsync(fd)
      } catch {
        discard()
        throw error
      }
    }

    /// Flushes the temporary file, which someone else (SQLite) wrote and closed.
    package func flush() throws(SystemCallError) {
      try SystemCall.sync(temporary)
    }

    /// Renames the temporary file over the target and flushes the directory. When the rename fails
    /// the temporary file is removed; a failed directory flush changes nothing (the rename is done).
    package func commit() throws(SystemCallError) {
      guard rename(temporary, target) == 0 else {
        let error = SystemCallError(code: errno)
        discard()
        throw error
      }
      try? SystemCall.sync(directory)
    }

    /// Removes the temporary file (and a journal SQLite may have left beside it).
    package func discard() {
      unlink(temporary)
      unlink(temporary + "-journal")
    }
  }

  /// The directory part of a path (`.` for a bare name).
  package static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Removes the temporary files `write` left in `directory` when its process was killed (kill -9,
  /// a power cut) before the rename: `.NAME.tmp-PID-RANDOM` (and the `-journal` SQLite may have left
  /// beside one) whose PID no longer runs. Files of a process still running are left alone. Returns
  /// how many were removed.
  @discardableResult
  public static func removeStaleTemporaries(in directory: String) -> Int {
    guard let entries = try? SystemCall.directoryEntries(directory) else { return 0 }
    var removed = 0
    for entry in entries where entry.hasPrefix(".") {
      guard let pid = temporaryOwner(entry), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
      if unlink("\(directory)/\(entry)") == 0 { removed += 1 }
    }
    return removed
  }

  /// The PID in a temporary file name `.NAME.tmp-PID-RANDOM` or `.NAME.tmp-PID-RANDOM-journal`,
  /// or nil when `entry` is not one.
  static func temporaryOwner(_ entry: String) -> pid_t? {
    guard let marker = entry.ranges(of: ".tmp-").last else { return nil }
    var parts = entry[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
    if parts.count == 3, parts[2] == "journal" { parts.removeLast() }
    guard parts.count == 2, UInt32(parts[1]) != nil, let pid = pid_t(parts[0]), pid > 0 else { return nil }
    return pid
  }

  /// Moves an unreadable file aside as `NAME.corrupt-<timestamp>` and returns the new path.
  @discardableResult
  public static func quarantine(_ path: String, now: Date = Date()) -> String? {
    let stamp = Int(now.timeIntervalSince1970)
    var target = "\(path).corrupt-\(stamp)"
    var suffix = 1
    while FileManager.default.fileExists(atPath: target) {
      target = "\(path).corrupt-\(stamp)-\(suffix)"
      suffix += 1
    }
    return rename(path, target) == 0 ? target : nil
  }

  public static func ensureDirectory(_ directory: String) throws(CtryError) {
    var isDirectory = false
    if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
      guard isDirectory else { throw CtryError(.io, "\(directory) is not a directory") }
      return
    }
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw CtryError(.io, "cannot create \(directory)", hint: "check the path and its permissions")
    }
  }
}
