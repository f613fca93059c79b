import Glibc

/// An advisory lock (`flock`) on a lock file beside a database: `NAME.lock`.
///
/// The lock is what makes setting a damaged database aside safe across threads and processes:
/// - `state.sqlite`: every operation holds it shared for as long as it uses its connection; setting
///   the database aside and creating the new one hold it exclusively. So when the old file and its
///   journal move and a new database appears at the same path, no operation is using the old file:
///   none can take the new database's journal for its own, and a connection kept idle is compared
///   with the file before its next use.
/// - `catalog.sqlite`: setting it aside and renaming a new snapshot into place hold it exclusively,
///   so a damaged snapshot is set aside once and a new one is never set aside by mistake.
///
/// `flock` locks belong to an open file description, so each `FileLock` (its own `open`) orders the
/// threads of one process as well as processes. Waiting is bounded: the lock is polled until a
/// deadline, since a holder may be a stopped process.
package final class FileLock {
  package enum Mode: Sendable {
    case shared
    case exclusive

    var operation: Int32 { self == .shared ? LOCK_SH : LOCK_EX }
  }

  package enum Failure: Error, Equatable {
    /// Others held the lock until the deadline.
    case timedOut
    /// The lock file could not be opened or locked.
    case system(SystemCallError, path: String)
    /// Something other than a regular file (a FIFO, a device, a folder) is at the lock file's path.
    case notARegularFile(path: String)
  }

  private let descriptor: Int32
  package let path: String
  /// The mode held, or nil after a failed change (a `flock` conversion drops the old lock first).
  package private(set) var mode: Mode?

  private init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
  }

  deinit {
    close(descriptor)
  }

  /// Opens (creating, mode 0600) the lock file `path` and takes the lock in `mode`, waiting until
  /// `deadline`. Returns nil when the lock file cannot be created because the directory is
  /// read-only or not ours: nothing can be set aside or created there either, so there is nothing
  /// to order. The lock file is never followed through a symbolic link and must be a regular file.
  package static func acquire(_ path: String, _ mode: Mode, until deadline: ContinuousClock.Instant)
    throws(Failure) -> FileLock?
  {
    let flags = O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK
    let descriptor: Int32
    do throws(SystemCallError) {
      do throws(SystemCallError) {
        descriptor = try SystemCall.open(path, flags | O_RDWR | O_CREAT, mode: 0o600)
      } catch  where [EACCES, EROFS, EPERM].contains(error.code) {
        do throws(SystemCallError) {
          descriptor = try SystemCall.open(path, flags | O_RDONLY)
        } catch  where [EACCES, EROFS, EPERM, ENOENT].contains(error.code) {
          return nil
        }
      }
    } catch {
      throw .system(error, path: path)
    }
    let lock = FileLock(descriptor: descriptor, path: path)
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw .system(SystemCallError(code: errno), path: path) }
    guard info.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile(path: path) }
    try lock.change(to: mode, until: deadline)
    return lock
  }

  /// Converts the lock to `mode`, waiting until `deadline`. Not atomic (as `flock` conversions are
  /// not): another waiter may take the lock in between, so what was checked under the old mode is
  /// checked again under the new one.
  package func change(to mode: Mode, until deadline: ContinuousClock.Instant) throws(Failure) {
    if self.mode == mode { return }
    var pause = 1
    while true {
      if SystemCall.retryingInterrupts({ flock(descriptor, mode.operation | LOCK_NB) }) == 0 {
        self.mode = mode
        return
      }
      let reason = errno
      self.mode = nil
      guard reason == EWOULDBLOCK else { throw .system(SystemCallError(code: reason), path: path) }
      guard ContinuousClock.now < deadline else { throw .timedOut }
      usleep(useconds_t(pause * 1000))
      pause = min(pause * 2, 16)
    }
  }
}

extension FileLock {
  /// The inode of the file at `path`, or nil when there is none: a lock holder checks that the file
  /// it found is still the one at the path.
  package static func inode(_ path: String) -> ino_t? {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_ino : nil
  }

  /// A lock failure in a few words.
  package static func words(for failure: Failure) -> String {
    switch failure {
    case .timedOut: return "another ctry kept it locked too long"
    case .notARegularFile(let path): return "\(path) is not a regular file"
    case .system(let error, _): return FileProblem(systemCode: error.code)?.words ?? error.description
    }
  }
}
