import CountryKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way ctry (and its tests) start a child process: `posix_spawn` with an empty signal mask and
/// SIGPIPE, SIGINT, SIGTERM, SIGQUIT, SIGHUP and SIGCHLD at their default dispositions.
///
/// Without the attributes the child would inherit the spawning thread's mask (Swift's and dispatch's
/// threads block nearly every signal) and ctry's ignored SIGPIPE: Ctrl-C and SIGTERM would then not
/// reach it, and `ctry plugin | head -1` would make it print "Broken pipe" instead of ending quietly.
package enum CleanSpawn {
  /// The signals a child starts with at their default disposition.
  package static let defaultSignals: [Int32] = [SIGPIPE, SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGCHLD, SIGXFSZ]

  /// Spawns `path` with `arguments` (argv[0] is `path`), `actions`, and `environment` (nil: this
  /// process's). Returns the pid, or the errno-style code posix_spawn failed with.
  package static func spawn(
    _ path: String, _ arguments: [String], environment: [String: String]?,
    actions: UnsafePointer<posix_spawn_file_actions_t>?, processGroup: Bool = false
  ) -> Result<pid_t, SystemCallError> {
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
    defer { envp?.forEach { free($0) } }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in defaultSignals { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
    if processGroup {
      // The child leads a group of its own, so the caller can end it and everything it started.
      posix_spawnattr_setpgroup(&attributes, 0)
      flags |= POSIX_SPAWN_SETPGROUP
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))
    var pid: pid_t = 0
    var code: Int32 = 0
    // ETXTBSY is transient: another thread's fork can briefly hold a just-written script open.
    for attempt in 0..<20 {
      code =
        envp.map { posix_spawn(&pid, path, actions, &attributes, argv, $0) }
        ?? posix_spawn(&pid, path, actions, &attributes, argv, environ)
      guard code == ETXTBSY, attempt < 19 else { break }
      usleep(10_000)
    }
    guard code == 0 else { return .failure(SystemCallError(code: code)) }
    return .success(pid)
  }

  /// The exit status as a shell reports it: the code, or 128 + the signal that ended the process.
  package static func exitStatus(_ status: Int32) -> Int32 {
    (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  }
}
