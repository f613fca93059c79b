import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a program with posix_spawn and waits for it with waitpid, optionally capturing stdout.
/// (Foundation's Process can miss a child's exit when the child leaves a daemon behind.)
package enum Spawn {
  @discardableResult
  package static func run(_ path: String, _ arguments: [String], captureOutput: Bool = false) throws -> (
    status: Int32, output: String
  ) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var pipeFDs: [Int32] = [-1, -1]
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    if captureOutput {
      guard pipe(&pipeFDs) == 0 else { throw CocoaError(.fileWriteUnknown) }
      posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
      posix_spawn_file_actions_addclose(&actions, pipeFDs[0])
      posix_spawn_file_actions_addclose(&actions, pipeFDs[1])
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The child starts with no signals blocked and default dispositions: posix_spawn would
    // otherwise pass on this thread's mask (dispatch threads block nearly all signals) and the
    // test's ignored SIGPIPE, and the child could then be neither interrupted nor terminated.
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
    if captureOutput { close(pipeFDs[1]) }
    guard spawned == 0 else {
      if captureOutput { close(pipeFDs[0]) }
      throw CocoaError(.executableNotLoadable)
    }
    var output = Data()
    if captureOutput {
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = read(pipeFDs[0], &buffer, buffer.count)
        if count < 0, errno == EINTR { continue }
        if count <= 0 { break }
        output.append(buffer, count: count)
      }
      close(pipeFDs[0])
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return (exitStatus, String(decoding: output, as: UTF8.self))
  }
}
