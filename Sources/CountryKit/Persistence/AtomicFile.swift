#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Crash-safe file writes and the quarantine of unreadable files.
///
/// Every write goes to a temporary file in the same directory, is flushed with `fsync`, and is renamed
/// over the target, so a reader sees either the old or the new content, never a torn file.
public enum AtomicFile {
  /// Writes `data` to `path` atomically, creating the directory (mode 0700) if needed.
  public static func write(_ data: Data, to path: String) throws(CtryError) {
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent().path
    try ensureDirectory(directory)
    let name = url.lastPathComponent
    let temp = "\(directory)/.\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw ioError("cannot write \(temp)") }
    let failure = data.withUnsafeBytes { buffer -> SystemCallError? in
      do throws(SystemCallError) {
        try SystemCall.writeAll(fd, buffer)
        return nil
      } catch {
        return error
      }
    }
    if failure != nil || fsync(fd) != 0 {
      let error = ioError("cannot write \(path)", code: failure?.code ?? errno)
      close(fd)
      unlink(temp)
      throw error
    }
    close(fd)
    guard rename(temp, path) == 0 else {
      let error = ioError("cannot replace \(path)")
      unlink(temp)
      throw error
    }
    syncDirectory(directory)
  }

  /// Removes the temporary files `write` left in `directory` when its process was killed (kill -9,
  /// a power cut) before the rename: `.NAME.tmp-PID-RANDOM` whose PID no longer runs. Files of a
  /// process still running are left alone. Returns how many were removed.
  @discardableResult
  public static func removeStaleTemporaries(in directory: String) -> Int {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return 0 }
    var removed = 0
    for entry in entries where entry.hasPrefix(".") {
      guard let pid = temporaryOwner(entry), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
      if unlink("\(directory)/\(entry)") == 0 { removed += 1 }
    }
    return removed
  }

  /// The PID in a temporary file name `.NAME.tmp-PID-RANDOM`, or nil when `entry` is not one.
  static func temporaryOwner(_ entry: String) -> pid_t? {
    guard let marker = entry.ranges(of: ".tmp-").last else { return nil }
    let parts = entry[marker.upperBound...].split(separator: "-")
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

  /// Reads a file, `nil` when it does not exist; throws when it exists but cannot be read.
  public static func read(_ path: String) throws(CtryError) -> Data? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CtryError(.io, "cannot read \(path)", hint: "check its permissions")
    }
    return data
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

  private static func syncDirectory(_ directory: String) {
    let fd = open(directory, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return }
    _ = fsync(fd)
    close(fd)
  }

  private static func ioError(_ message: String, code: Int32 = errno) -> CtryError {
    CtryError(.io, "\(message): \(SystemCallError(code: code))")
  }
}
