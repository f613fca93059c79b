import Glibc

/// The one way ctry (and its tests) start a child process: `posix_spawn` with an empty signal mask and
/// SIGPIPE, SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGCHLD, SIGXFSZ and the job-control signals (SIGTSTP,
/// SIGTTIN, SIGTTOU) at their default dispositions, at the
/// process's own priority, with no descriptor but stdin, stdout and stderr.
///
/// ctry opens every descriptor close-on-exec (`SystemCall.open`, `SystemCall.pipe`); the child still
/// closes everything from 3 on, because a library (libcurl, SQLite, libedit) may open one without,
/// and a plugin that inherited, say, the write end of another child's pipe would hold it open.
///
/// Without the attributes the child would inherit the spawning thread's mask (Swift's and dispatch's
/// threads block nearly every signal) and ctry's ignored SIGPIPE: Ctrl-C and SIGTERM would then not
/// reach it, and `ctry plugin | head -1` would make it print "Broken pipe" instead of ending quietly.
/// The interactive shell ignores SIGTTIN and SIGTTOU as shells do; a plugin that inherited that would
/// get EIO from a read of the terminal instead of being stopped until ctry hands it the terminal.
///
/// The priority is the same kind of inheritance: on Linux the nice value belongs to each thread, and a
/// child starts with that of the thread that spawned it. Dispatch gives its worker threads the nice
/// value of their quality of service, absolute and not relative to the process's (user-initiated work
/// runs at −2, which only root may set), so a plugin spawned from a task would have run at −2 under
/// root even when ctry itself was started with `nice -n 10`.
package enum CleanSpawn {
  /// The signals a child starts with at their default disposition.
  package static let defaultSignals: [Int32] = [
    SIGPIPE, SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGCHLD, SIGXFSZ, SIGTSTP, SIGTTIN, SIGTTOU,
  ]

  /// Spawns `path` with `arguments` (argv[0] is `path`), `actions`, and `environment` (nil: this
  /// process's). Returns the pid, or the errno-style code posix_spawn failed with.
  package static func spawn(
    _ path: String, _ arguments: [String], environment: [String: String]?,
    actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, processGroup: Bool = false
  ) -> Result<pid_t, SystemCallError> {
    // Without posix_spawn_file_actions_addclosefrom_np (glibc before 2.34) only close-on-exec
    // keeps ctry's own descriptors from the child.
    try? GNUExtensions.addCloseFrom(actions, 3)
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
      code = atProcessPriority {
        envp.map { posix_spawn(&pid, path, actions, &attributes, argv, $0) }
          ?? posix_spawn(&pid, path, actions, &attributes, argv, environ)
      }
      guard code == ETXTBSY, attempt < 19 else { break }
      usleep(10_000)
    }
    guard code == 0 else { return .failure(SystemCallError(code: code)) }
    return .success(pid)
  }

  /// Runs `spawn` with the calling thread at the process's own nice value, the main thread's (ctry
  /// never changes it), so the child starts there, and puts the thread's back afterwards. Raising a
  /// thread's nice value is always allowed, and lowering it back is allowed whenever it was set that
  /// low; a thread an unprivileged process cannot bring down to the main thread's value (one above
  /// it) leaves the child lower, never higher, than ctry.
  static func atProcessPriority<T>(_ spawn: () -> T) -> T {
    #if os(Linux)
      // On Linux PRIO_PROCESS with a thread id names that thread: the process id is its main thread.
      let which = __priority_which_t(PRIO_PROCESS.rawValue)
      errno = 0
      let process = getpriority(which, id_t(getpid()))
      guard errno == 0 else { return spawn() }
      let thread = getpriority(which, 0)
      guard errno == 0, thread != process, setpriority(which, 0, process) == 0 else { return spawn() }
      defer { setpriority(which, 0, thread) }
    #endif
    return spawn()
  }

  /// The exit status as a shell reports it: the code, or 128 + the signal that ended the process.
  package static func exitStatus(_ status: Int32) -> Int32 {
    (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  }
}
