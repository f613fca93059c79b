import Glibc

/// The one place ctry (and its tests) make the file system calls and retry one that a signal
/// interrupted, after swift-nio's `System.swift`: every `open`, `read`, `write`, `fsync` and `pipe`
/// goes through here, and every other blocking call through `retryingInterrupts`, so no caller has
/// a loop of its own to get wrong or an `errno` to read at the wrong moment.
///
/// Nothing here allocates or takes a lock: `writeAll` and `read` with a buffer are as
/// async-signal-safe as `write(2)` and `read(2)` themselves.
package enum SystemCall {
  /// Calls `body` again for as long as it fails with EINTR (returns -1 with `errno` EINTR), and
  /// returns its first other result, with `errno` as that call left it. For `waitpid`, `flock`,
  /// `poll` and the like, whose failure is -1.
  @inline(__always)
  package static func retryingInterrupts<Result: FixedWidthInteger>(_ body: () -> Result) -> Result {
    while true {
      let result = body()
      if result == -1, errno == EINTR { continue }
      return result
    }
  }

  /// Writes every byte of `bytes` to `fd`, going on after a short write or EINTR.
  package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) {
    try writeAll(bytes) { posixWrite(fd, $0, $1) }
  }

  /// Writes every byte of `text` to `fd` (see `writeAll(_:_:)`).
  package static func writeAll(_ fd: Int32, _ text: String) throws(SystemCallError) {
    var text = text
    let failure = text.withUTF8 { buffer -> SystemCallError? in
      do throws(SystemCallError) {
        try writeAll(fd, UnsafeRawBufferPointer(buffer))
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  /// Writes every byte of `bytes` with `write` (a `write(2)` or `send(2)` of the given start and
  /// count, returning the count written or -1), going on after a short write or EINTR. A write that
  /// makes no progress fails with EIO rather than looping.
  package static func writeAll(
    _ bytes: UnsafeRawBufferPointer, with write: (UnsafeRawPointer, Int) -> Int
  ) throws(SystemCallError) {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let written = retryingInterrupts { write(base + offset, bytes.count - offset) }
      guard written > 0 else { throw SystemCallError(code: written < 0 ? errno : EIO) }
      offset += written
    }
  }

  /// One `read(2)` into `buffer`, retried on EINTR: the count read, 0 at the end of the file. With
  /// `interruptible` an EINTR is thrown instead, for a reader that acts on the signal itself (the
  /// line editor, which must notice Ctrl-C while it waits for a key).
  package static func read(
    _ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, interruptible: Bool = false
  ) throws(SystemCallError) -> Int {
    let count =
      interruptible
      ? posixRead(fd, buffer.baseAddress, buffer.count)
      : retryingInterrupts { posixRead(fd, buffer.baseAddress, buffer.count) }
    guard count >= 0 else { throw SystemCallError(code: errno) }
    return count
  }

  /// One `read(2)` of at most `maximumCount` bytes, retried on EINTR unless `interruptible`: empty at
  /// the end of the file.
  package static func read(
    _ fd: Int32, upTo maximumCount: Int, interruptible: Bool = false
  ) throws(SystemCallError) -> [UInt8] {
    var failure: SystemCallError?
    let bytes = [UInt8](unsafeUninitializedCapacity: maximumCount) { buffer, initialized in
      do throws(SystemCallError) {
        initialized = try read(fd, into: UnsafeMutableRawBufferPointer(buffer), interruptible: interruptible)
      } catch {
        failure = error
        initialized = 0
      }
    }
    if let failure { throw failure }
    return bytes
  }
}

extension SystemCall {
  /// Where `d_name` starts in a `dirent`.
  private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19

  /// The names in the directory at `path`, without `.` and `..`, in the order `readdir(3)` gives
  /// them. A name that is not UTF-8 comes back repaired (U+FFFD), as `String(cString:)` does.
  package static func directoryEntries(_ path: String) throws(SystemCallError) -> [String] {
    guard let directory = opendir(path) else { throw SystemCallError(code: errno) }
    defer { closedir(directory) }
    var names: [String] = []
    while true {
      errno = 0
      guard let entry = readdir(directory) else {
        if errno != 0 { throw SystemCallError(code: errno) }
        return names
      }
      // The name is read where it lies, up to its NUL. An entry is only as long as its name needs
      // (`d_reclen`), so copying the whole `dirent` (`entry.pointee`) read up to 256 bytes past a
      // short last entry: past the end of readdir's buffer, a crash when that was a page's end.
      let name = String(
        cString: UnsafeRawPointer(entry).advanced(by: Self.nameOffset).assumingMemoryBound(to: CChar.self))
      if name != "." && name != ".." { names.append(name) }
    }
  }

  /// Whether something is at `path` (`access(2)` with F_OK, following a symbolic link): a directory
  /// counts, a dangling link does not.
  package static func exists(_ path: String) -> Bool {
    access(path, F_OK) == 0
  }

  /// Where the symbolic link at `path` points (`readlink(2)`), or nil when `path` is not a link or
  /// cannot be read. A target that is not UTF-8 comes back repaired (U+FFFD).
  package static func linkTarget(_ path: String) -> String? {
    var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
    return buffer.withUnsafeMutableBufferPointer { bytes -> String? in
      let count = bytes.withMemoryRebound(to: CChar.self) { chars in
        chars.baseAddress.map { readlink(path, $0, chars.count) } ?? -1
      }
      guard count > 0, count < bytes.count else { return nil }
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<count]), as: UTF8.self)
    }
  }

  /// `open(2)` of `path` with `flags` (and `mode` when it creates), retried on EINTR (opening a FIFO
  /// or a slow device blocks). Callers add O_CLOEXEC themselves: no descriptor is meant for a child.
  package static func open(_ path: String, _ flags: Int32, mode: mode_t = 0) throws(SystemCallError) -> Int32 {
    let fd = retryingInterrupts { posixOpen(path, flags, mode) }
    guard fd >= 0 else { throw SystemCallError(code: errno) }
    return fd
  }

  /// `fsync(2)`, retried on EINTR.
  package static func fsync(_ fd: Int32) throws(SystemCallError) {
    guard retryingInterrupts({ posixFsync(fd) }) == 0 else { throw SystemCallError(code: errno) }
  }

  /// Opens `path` read-only, `fsync`s it and closes it: a file written by someone else (SQLite), or
  /// a directory after a rename in it.
  package static func sync(_ path: String) throws(SystemCallError) {
    let fd = try open(path, O_RDONLY | O_CLOEXEC)
    defer { posixClose(fd) }
    try fsync(fd)
  }

  /// A pipe whose two ends are close-on-exec: a child gets an end only through an explicit `dup2`,
  /// never by accident (another thread's spawn at the same moment included).
  package static func pipe() throws(SystemCallError) -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    guard GNUExtensions.pipe2(&ends, O_CLOEXEC) == 0 else { throw SystemCallError(code: errno) }
    return (ends[0], ends[1])
  }
}

// The C functions under names the members above do not shadow.
@inline(__always)
private func posixWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, bytes, count)
}

@inline(__always)
private func posixOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
  open(path, flags, mode)
}

@inline(__always)
private func posixFsync(_ fd: Int32) -> Int32 {
  fsync(fd)
}

@inline(__always)
@discardableResult
private func posixClose(_ fd: Int32) -> Int32 {
  close(fd)
}

@inline(__always)
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}

/// A system call's failure: its `errno`, described in strerror's words.
package struct SystemCallError: Error, Sendable, Equatable, CustomStringConvertible {
  package let code: Int32

  package init(code: Int32) {
    self.code = code
  }

  package var description: String { String(cString: strerror(code)) }
}
