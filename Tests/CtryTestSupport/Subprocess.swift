import CtrySystem
import Foundation
import Glibc

/// The one way the tests start a program (ctry, sh, bash, tmux, mandoc): the product's own
/// `CleanSpawn` (no signal blocked, default dispositions, as ctry's plugins get), stdin from /dev/null
/// or from bytes written on a thread of their own, stdout and stderr through pipes that are read
/// together, an optional environment and working directory, and an optional time limit after which
/// the child is killed.
///
/// Nothing waits on anything else: while stdin is being written, stdout and stderr are both read, so
/// no pipe fills up with each side waiting for the other. Reading stops at the end of both pipes, or
/// as soon as the child has exited and nothing more is buffered: a process it leaves behind holding
/// the pipes open (tmux's server, `sleep 30 &`) holds up nothing. (Foundation's `Process` waited
/// for the end of the pipes, and so for tmux's server.) Every pipe is close-on-exec and the child
/// closes every descriptor past stderr, so no other test's child keeps one of these pipes open.
package final class Subprocess {
  /// What becomes of the child's stdout or stderr.
  package enum Output: Sendable {
    /// A pipe the test reads: `readLine`, `output`, `errors`.
    case capture
    /// /dev/null.
    case discard
    /// A pipe whose reading end is closed before the child starts, as after `| head -1` has left:
    /// the child's first write there fails (SIGPIPE, or EPIPE where SIGPIPE is ignored).
    case closedPipe
  }

  /// A run to the end.
  package struct Result: Sendable {
    /// The exit status, or 128 + the signal that ended the child.
    package var status: Int32
    package var out: String
    package var err: String
    /// The time limit passed and the child was killed.
    package var timedOut: Bool
  }

  /// The read end of one of the child's output pipes (-1 once it is closed) and what came through it.
  private struct Stream {
    var fd: Int32
    var bytes: [UInt8] = []
  }

  package let pid: pid_t
  /// stdout, then stderr.
  private var streams: [Stream]
  private var status: Int32?
  private let deadline: ContinuousClock.Instant?
  /// The time limit passed and the child was killed.
  package private(set) var timedOut = false
  /// How long to wait, in ms, when there is nothing to read; grows while nothing happens.
  private var idleWait: Int32 = 1

  /// Starts `path` with `arguments` (argv[0] is `path`). `environment` nil: the test process's.
  package init(
    _ path: String, _ arguments: [String], stdin: [UInt8]? = nil, stdout: Output = .capture,
    stderr: Output = .capture, environment: [String: String]? = nil, directory: String? = nil,
    timeout: Duration? = nil
  ) throws {
    let started = try Self.spawn(
      path, arguments, stdin: stdin != nil, outputs: [stdout, stderr], environment: environment, directory: directory)
    pid = started.pid
    streams = started.readers.map { Stream(fd: $0) }
    deadline = timeout.map { .now + $0 }
    if let stdin, let input = started.input {
      guard !stdin.isEmpty else {
        close(input)
        return
      }
      Thread.detachNewThread {
        // A child that stops reading makes the write fail with EPIPE: SIGPIPE stays blocked on this
        // thread, whatever the test process does with it.
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
        stdin.withUnsafeBytes { try? SystemCall.writeAll(input, $0) }
        close(input)
      }
    }
  }

  deinit {
    for stream in streams where stream.fd >= 0 { close(stream.fd) }
    if status == nil {
      Glibc.kill(pid, SIGKILL)
      _ = Self.reap(pid, options: 0)
    }
  }

  /// Runs `path` to its end with `stdin` as its input, capturing stdout and stderr.
  package static func run(
    _ path: String, _ arguments: [String], stdin: String? = nil, environment: [String: String]? = nil,
    directory: String? = nil, timeout: Duration? = nil
  ) throws -> Result {
    let child = try Subprocess(
      path, arguments, stdin: stdin.map { Array($0.utf8) }, environment: environment, directory: directory,
      timeout: timeout)
    let status = child.wait()
    return Result(status: status, out: child.output, err: child.errors, timedOut: child.timedOut)
  }

  /// What stdout has said that `readLine` has not returned.
  package var output: String { String(decoding: streams[0].bytes, as: UTF8.self) }

  /// What stderr has said.
  package var errors: String { String(decoding: streams[1].bytes, as: UTF8.self) }

  /// The next line of stdout without its newline, or nil at the end of output.
  package func readLine() -> String? {
    while true {
      if let newline = streams[0].bytes.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: streams[0].bytes[..<newline], as: UTF8.self)
        streams[0].bytes.removeSubrange(...newline)
        return line
      }
      guard streams[0].fd >= 0 else { return nil }
      step()
    }
  }

  /// Sends `signal` (SIGKILL by default), unless the child has been waited for.
  package func kill(_ signal: Int32 = SIGKILL) {
    if status == nil { Glibc.kill(pid, signal) }
  }

  /// Reads stdout and stderr until the child exits (see the type's comment), then its exit status,
  /// or 128 + the signal that ended it.
  @discardableResult
  package func wait() -> Int32 {
    while true {
      if let status { return status }
      step()
    }
  }

  /// Waits a moment for output and reads what came; reaps the child if it has exited, and kills it
  /// once the time limit has passed.
  private func step() {
    let open = streams.indices.filter { streams[$0].fd >= 0 }
    if open.isEmpty, deadline == nil {
      status = Self.reap(pid, options: 0)
      return
    }
    var wait: Int32 = open.isEmpty ? idleWait : 50
    if let deadline, !timedOut {
      let left = (deadline - .now) / .milliseconds(1)
      wait = Int32(min(Double(wait), max(0, left.rounded(.up))))
    }
    var polled = open.map { pollfd(fd: streams[$0].fd, events: Int16(POLLIN), revents: 0) }
    let ready = SystemCall.retryingInterrupts { poll(&polled, nfds_t(polled.count), wait) }
    if ready > 0 {
      for (index, entry) in zip(open, polled) where entry.revents != 0 { readOnce(index) }
    }
    idleWait = ready > 0 ? 1 : min(idleWait * 2, 50)
    if let exited = Self.reap(pid, options: WNOHANG) {
      status = exited
      finishReading()
    } else if let deadline, !timedOut, ContinuousClock.now >= deadline {
      Glibc.kill(pid, SIGKILL)
      timedOut = true
    }
  }

  /// Once the child has exited: reads what its pipes still hold, without waiting, and closes them.
  private func finishReading() {
    for index in streams.indices where streams[index].fd >= 0 {
      // A pipe holds 64 KB (1 MB at most); a process left behind that keeps writing is not followed.
      for _ in 0..<64 {
        var entry = pollfd(fd: streams[index].fd, events: Int16(POLLIN), revents: 0)
        guard SystemCall.retryingInterrupts({ poll(&entry, 1, 0) }) > 0, readOnce(index) else { break }
      }
      if streams[index].fd >= 0 {
        close(streams[index].fd)
        streams[index].fd = -1
      }
    }
  }

  /// One read from stream `index`; false at its end, which closes it.
  @discardableResult
  private func readOnce(_ index: Int) -> Bool {
    let chunk = (try? SystemCall.read(streams[index].fd, upTo: 65536)) ?? []
    guard !chunk.isEmpty else {
      close(streams[index].fd)
      streams[index].fd = -1
      return false
    }
    streams[index].bytes += chunk
    return true
  }

  /// The exit status once the child has exited (`WNOHANG`: nil while it runs); -1 if it cannot be
  /// waited for.
  private static func reap(_ pid: pid_t, options: Int32) -> Int32? {
    var raw: Int32 = 0
    let reaped = SystemCall.retryingInterrupts { waitpid(pid, &raw, options) }
    if reaped == 0 { return nil }
    return reaped == pid ? CleanSpawn.exitStatus(raw) : -1
  }

  /// Spawns the child with its stdin (a pipe, or /dev/null) and its outputs set up; returns its pid,
  /// the write end of its stdin pipe and the read ends of its output pipes (-1 for /dev/null).
  private static func spawn(
    _ path: String, _ arguments: [String], stdin: Bool, outputs: [Output], environment: [String: String]?,
    directory: String?
  ) throws -> (pid: pid_t, input: Int32?, readers: [Int32]) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var ours: [Int32] = []
    var theirs: [Int32] = []
    // The child's ends are the child's alone once it is started; ours only if it started.
    defer { theirs.forEach { close($0) } }
    do {
      var input: Int32?
      if stdin {
        let pipe = try SystemCall.pipe()
        (input, ours, theirs) = (pipe.write, ours + [pipe.write], theirs + [pipe.read])
        posix_spawn_file_actions_adddup2(&actions, pipe.read, 0)
      } else {
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      }
      var readers: [Int32] = []
      for (fd, output) in zip([Int32(1), 2], outputs) {
        switch output {
        case .capture:
          let pipe = try SystemCall.pipe()
          (ours, theirs) = (ours + [pipe.read], theirs + [pipe.write])
          readers.append(pipe.read)
          posix_spawn_file_actions_adddup2(&actions, pipe.write, fd)
        case .discard:
          readers.append(-1)
          posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_WRONLY, 0)
        case .closedPipe:
          let pipe = try SystemCall.pipe()
          close(pipe.read)
          theirs.append(pipe.write)
          readers.append(-1)
          posix_spawn_file_actions_adddup2(&actions, pipe.write, fd)
        }
      }
      if let directory { try GNUExtensions.addChangeDirectory(&actions, directory) }
      let pid = try CleanSpawn.spawn(path, arguments, environment: environment, actions: &actions).get()
      return (pid, input, readers)
    } catch {
      ours.forEach { close($0) }
      throw error
    }
  }
}
