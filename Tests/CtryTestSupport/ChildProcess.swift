import CtryShell
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A running program whose stdout is a pipe the test reads line by line, and which the test may
/// kill at a moment of its choosing (stdin and stderr are /dev/null). Unlike `Spawn.run`, it does
/// not wait.
package final class ChildProcess {
  package let pid: pid_t
  private var output: Int32
  private var buffered: [UInt8] = []
  private var status: Int32?

  /// Starts `path` with `arguments`, with default signal dispositions and no blocked signals.
  package init(_ path: String, _ arguments: [String]) throws {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { throw CocoaError(.fileWriteUnknown) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    posix_spawn_file_actions_addclose(&actions, fds[1])
    // The one spawner (empty signal mask, default dispositions), as the product's plugins get.
    let spawned = CleanSpawn.spawn(path, arguments, environment: nil, actions: &actions)
    close(fds[1])
    guard case .success(let pid) = spawned else {
      close(fds[0])
      throw CocoaError(.executableNotLoadable)
    }
    self.pid = pid
    output = fds[0]
  }

  deinit {
    if output >= 0 { close(output) }
    if status == nil {
      _ = Glibc.kill(pid, SIGKILL)
      _ = wait()
    }
  }

  /// The next line of stdout without its newline, or nil at the end of output.
  package func readLine() -> String? {
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffered[..<newline], as: UTF8.self)
        buffered.removeSubrange(...newline)
        return line
      }
      guard output >= 0 else { return nil }
      let count = read(output, &chunk, chunk.count)
      if count < 0, errno == EINTR { continue }
      if count <= 0 { return nil }
      buffered.append(contentsOf: chunk[..<count])
    }
  }

  /// Sends `signal` (SIGKILL by default).
  package func kill(_ signal: Int32 = SIGKILL) {
    _ = Glibc.kill(pid, signal)
  }

  /// Reads the rest of stdout (see `readLine`), then waits for the process to end; its exit
  /// status, or 128 + the signal that ended it.
  @discardableResult
  package func wait() -> Int32 {
    if let status { return status }
    var chunk = [UInt8](repeating: 0, count: 4096)
    while output >= 0 {
      let count = read(output, &chunk, chunk.count)
      if count < 0, errno == EINTR { continue }
      if count <= 0 {
        close(output)
        output = -1
      } else {
        buffered.append(contentsOf: chunk[..<count])
      }
    }
    var raw: Int32 = 0
    while waitpid(pid, &raw, 0) < 0, errno == EINTR {}
    let result = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
    status = result
    return result
  }
}
