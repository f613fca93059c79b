import Glibc

/// The causes of a failed file operation that a person can act on, in ctry's words. The state
/// database, the catalog snapshot and the lock files word their failures here, so a full disk, the
/// file-size limit and the descriptor limit are named as what they are (and SQLite's own phrasing,
/// "disk I/O error", never reaches the user).
package enum FileProblem: Sendable, Equatable {
  /// `ENOSPC`, `EDQUOT`.
  case diskFull
  /// `EFBIG`: the file-size limit (`ulimit -f`), once SIGXFSZ is ignored.
  case fileTooLarge
  /// `EMFILE`, `ENFILE`.
  case tooManyOpenFiles
  /// `EIO`.
  case inputOutput

  /// The problem behind an errno, or nil for one with no advice of its own.
  package init?(systemCode: Int32) {
    switch systemCode {
    case ENOSPC, EDQUOT: self = .diskFull
    case EFBIG: self = .fileTooLarge
    case EMFILE, ENFILE: self = .tooManyOpenFiles
    case EIO: self = .inputOutput
    default: return nil
    }
  }

  /// The problem behind a failed write to `path`: the errno when it names one, else the file-size
  /// limit when the file has reached it (SQLite reports EFBIG as a plain I/O error, and its
  /// `sqlite3_system_errno` may hold a later call's errno by then).
  package init?(afterWritingTo path: String, systemCode: Int32) {
    if let problem = FileProblem(systemCode: systemCode) {
      self = problem
      return
    }
    var limit = rlimit()
    var info = stat()
    #if canImport(Glibc)
      let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
    #else
      let resource = RLIMIT_FSIZE
    #endif
    guard getrlimit(resource, &limit) == 0, limit.rlim_cur != rlim_t.max, stat(path, &info) == 0,
      UInt64(max(info.st_size, 0)) + 65_536 >= UInt64(limit.rlim_cur)
    else { return nil }
    self = .fileTooLarge
  }

  /// The reason in a few words, to put after "cannot write PATH: ".
  package var words: String {
    switch self {
    case .diskFull: return "the disk is full"
    case .fileTooLarge: return "the file-size limit is too low (ulimit -f)"
    case .tooManyOpenFiles: return "too many open files (ulimit -n)"
    case .inputOutput: return "input/output error"
    }
  }

  package var hint: String {
    switch self {
    case .diskFull: return "free some space"
    case .fileTooLarge: return "raise the limit with ulimit -f"
    case .tooManyOpenFiles: return "raise the limit with ulimit -n"
    case .inputOutput: return "check the disk"
    }
  }

  /// The one-line error for a failure while using `path`.
  package func error(writing path: String) -> CtryError {
    CtryError(.io, "cannot use \(path): \(words)", hint: hint)
  }
}
