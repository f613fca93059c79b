import CtryShell
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
    // The product's own spawner: no signals blocked, default dispositions (posix_spawn would otherwise
    // pass on this thread's mask and the test's ignored SIGPIPE).
    let pid: pid_t
    let spawned = CleanSpawn.spawn(path, arguments, environment: nil, actions: &actions)
    if captureOutput { close(pipeFDs[1]) }
    switch spawned {
    case .success(let child): pid = child
    case .failure:
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
    return (CleanSpawn.exitStatus(status), String(decoding: output, as: UTF8.self))
  }
}
