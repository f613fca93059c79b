import Glibc

/// The one way ctry reads a file: its state and configuration files, scripts, the bundled data, a
/// plugin's header, the history (SQLite opens the databases itself, and they are checked as
/// strictly). The open never waits (`O_NONBLOCK`: a FIFO with no writer, or a device, answers at
/// once), only a regular file is read (a FIFO, a device such as `/dev/zero`, a directory or a socket
/// is refused after `fstat`, on the descriptor opened), and never more than the caller's `limit`
/// bytes are held. Every failure is one `Failure`, whose words end the caller's one line.
package enum RegularFile {
  /// Why a file was not read.
  package enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing is at the path (`ENOENT`, `ENOTDIR`).
    case missing
    /// Something other than a regular file.
    case notRegular(Kind)
    /// The path is a symbolic link, opened without following links.
    case symbolicLink
    /// The file holds more than the limit.
    case tooLarge(limit: Int)
    /// Any other failure of the system.
    case system(SystemCallError)

    /// The reason in a few words, to put after "PATH: ".
    package var description: String {
      switch self {
      case .missing: return "no such file"
      case .notRegular(let kind): return "it is \(kind.words), not a regular file"
      case .symbolicLink: return "it is a symbolic link"
      case .tooLarge(let limit): return "it is larger than \(Self.shown(limit))"
      case .system(let error): return FileProblem(systemCode: error.code)?.words ?? error.description
      }
    }

    /// `65536` → `64 KiB`, `1048576` → `1 MiB`.
    static func shown(_ bytes: Int) -> String {
      if bytes >= 1_048_576, bytes % 1_048_576 == 0 { return "\(bytes / 1_048_576) MiB" }
      if bytes >= 1024, bytes % 1024 == 0 { return "\(bytes / 1024) KiB" }
      return "\(bytes) bytes"
    }
  }

  /// What a file is, when it is not a regular file.
  package enum Kind: Sendable, Equatable {
    case fifo, characterDevice, blockDevice, directory, socket, other

    init(_ mode: mode_t) {
      switch mode & S_IFMT {
      case S_IFIFO: self = .fifo
      case S_IFCHR: self = .characterDevice
      case S_IFBLK: self = .blockDevice
      case S_IFDIR: self = .directory
      case S_IFSOCK: self = .socket
      default: self = .other
      }
    }

    /// What the file at `path` is (for a failed open, which gave no descriptor to ask).
    init(atPath path: String) {
      var info = stat()
      self = stat(path, &info) == 0 ? Kind(info.st_mode) : .other
    }

    /// `a FIFO`, `a directory`.
    package var words: String {
      switch self {
      case .fifo: return "a FIFO"
      case .characterDevice: return "a character device"
      case .blockDevice: return "a block device"
      case .directory: return "a directory"
      case .socket: return "a socket"
      case .other: return "a special file"
      }
    }
  }

  /// Opens `path` with `flags` (read-only unless told; `mode` when it creates) and returns the
  /// descriptor of a regular file, close-on-exec, never a controlling terminal. Without
  /// `followingLinks` a symbolic link at the path is refused, not followed.
  package static func open(
    _ path: String, flags: Int32 = O_RDONLY, mode: mode_t = 0, followingLinks: Bool = true
  ) throws(Failure) -> Int32 {
    let all = flags | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | (followingLinks ? 0 : O_NOFOLLOW)
    let fd: Int32
    do throws(SystemCallError) {
      fd = try SystemCall.open(path, all, mode: mode)
    } catch {
      switch error.code {
      case ENOENT, ENOTDIR: throw .missing
      case ELOOP where !followingLinks: throw .symbolicLink
      case EISDIR: throw .notRegular(.directory)
      // A FIFO with no reader, or a device with none behind it, opened for writing.
      case ENXIO: throw .notRegular(Kind(atPath: path))
      default: throw .system(error)
      }
    }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let error = SystemCallError(code: errno)
      close(fd)
      throw .system(error)
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      close(fd)
      throw .notRegular(Kind(info.st_mode))
    }
    return fd
  }

  /// The whole file at `path`, if it holds at most `limit` bytes.
  package static func read(_ path: String, limit: Int, followingLinks: Bool = true) throws(Failure) -> [UInt8] {
    let fd = try open(path, followingLinks: followingLinks)
    defer { close(fd) }
    return try read(fd, limit: limit)
  }

  /// At most the first `limit` bytes of the file at `path` (a header: a longer file is not an error).
  package static func head(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
    let fd = try open(path)
    defer { close(fd) }
    return try readUpTo(fd, limit)
  }

  /// The rest of `fd` (a regular file from `open`), if it holds at most `limit` bytes. The size
  /// `fstat` gives is read in one go; a file that grows meanwhile is read on until the limit.
  package static func read(_ fd: Int32, limit: Int) throws(Failure) -> [UInt8] {
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw .system(SystemCallError(code: errno)) }
    guard Int(info.st_size) <= limit else { throw .tooLarge(limit: limit) }
    let bytes = try readUpTo(fd, limit + 1)
    guard bytes.count <= limit else { throw .tooLarge(limit: limit) }
    return bytes
  }

  /// The last `limit` bytes of `fd` (a regular file from `open`), from where they start, and how
  /// many bytes before them were skipped (0: the whole file).
  package static func tail(_ fd: Int32, limit: Int) throws(Failure) -> (bytes: [UInt8], skipped: Int) {
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw .system(SystemCallError(code: errno)) }
    let skipped = max(Int(info.st_size) - limit, 0)
    guard lseek(fd, off_t(skipped), SEEK_SET) >= 0 else { throw .system(SystemCallError(code: errno)) }
    return (try readUpTo(fd, limit), skipped)
  }

  /// Reads `fd` until its end or `count` bytes, whichever comes first.
  private static func readUpTo(_ fd: Int32, _ count: Int) throws(Failure) -> [UInt8] {
    var info = stat()
    let expected = fstat(fd, &info) == 0 ? Int(info.st_size) : 0
    var bytes: [UInt8] = []
    while bytes.count < count {
      let chunk: [UInt8]
      do throws(SystemCallError) {
        // The size fstat gave in one read (and one more to see the end), then pages.
        chunk = try SystemCall.read(fd, upTo: min(count - bytes.count, max(expected - bytes.count + 1, 65536)))
      } catch {
        throw .system(error)
      }
      if chunk.isEmpty { break }
      if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
    }
    return bytes
  }
}
