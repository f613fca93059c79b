import CountryKit
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// Runs external `ctry-NAME` commands: arguments pass through; stdout, stderr and the exit status
/// are the plugin's own. Task cancellation (Ctrl-C) terminates the plugin; so does a signal ctry
/// passes on to it, after which `run` throws `Interrupted`.
package enum PluginRunner {
  private static let specs = Mutex<[String: PluginSpec?]>([:])

  /// What the plugin's first lines say about it (`# ctry-summary: …`), read once per process and
  /// never by running it: listing commands (`help`) executes nothing. nil when it says nothing.
  package static func spec(_ path: String) -> PluginSpec? {
    if let cached = specs.withLock({ $0[path] }) { return cached }
    let spec = PluginSpec.header(of: path)
    specs.withLock { $0[path] = spec }
    return spec
  }

  /// The older protocol, for a plugin whose first lines say nothing (a compiled one): run it with
  /// `--ctry-spec` in a process group of its own, for at most 1 s, and kill that group afterwards,
  /// so that a child it leaves behind cannot hold ctry. Only when the plugin is about to run anyway.
  static func askedSpec(_ path: String) async -> PluginSpec? {
    guard
      let result = try? await spawn(
        path, ["--ctry-spec"], stdin: nil, environment: environment(), captureOutput: true, timeout: .seconds(1),
        processGroup: true),
      result.status == 0, let output = result.output
    else { return nil }
    return try? JSONDecoder().decode(PluginSpec.self, from: output)
  }

  /// Runs the plugin and returns its exit status.
  package static func run(_ path: String, arguments: [String], context: CommandContext, format: OutputFormat)
    async throws -> Int32
  {
    var spec = spec(path)
    if spec == nil { spec = await askedSpec(path) }
    var environment = Self.environment()
    environment["CTRY_FORMAT"] = format.rawValue
    environment["CTRY_DATA_DIR"] = context.paths.dataDirectory
    let catalog = await context.catalog
    if let home = try? context.home.current(in: catalog) {
      environment["CTRY_HOME_COUNTRY"] = home.country.cca3
    }
    var input: Data?
    if spec?.wantsCountries == true {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      input = try encoder.encode(catalog.countries)
    }
    let result = try await spawn(
      path, arguments, stdin: input, environment: environment, captureOutput: false, timeout: nil, foreground: true)
    return result.status
  }

  /// What a plugin's environment starts from: ctry's own without `CTRY_API_KEY`. A plugin is any
  /// executable named `ctry-*` on PATH; the key is for the server, and is no more passed on than the
  /// one `set api-key` saved.
  static func environment() -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["CTRY_API_KEY"] = nil
    return environment
  }

  /// What the waiter tells `job` when its plugin stops.
  private static func stopHandler(_ job: PluginJob) -> @Sendable (Int32) -> Void {
    { job.stopped(by: $0) }
  }

  /// More captured output than this ends the child (a spec answer is a few hundred bytes).
  static let maximumCapturedBytes = 256 * 1024

  /// A signal for ctry (Ctrl-C, SIGTERM, SIGHUP) reached the plugin, which has ended; on a terminal
  /// the `^C` line is ended already (`PluginJob`).
  package struct Interrupted: Error {}

  struct Finished: Sendable {
    var status: Int32
    var output: Data?
  }

  /// `CleanSpawn` (empty signal mask, default dispositions) with inherited stdout/stderr (or captured
  /// stdout, at most `maximumCapturedBytes`), optional stdin data, and a waitpid on its own thread;
  /// cancellation or the timeout sends SIGTERM, then SIGKILL. With `processGroup` the child leads a
  /// group of its own, which is killed whole on the timeout and once the child has exited. In the
  /// `foreground` (a plugin the person runs, see `PluginJob`) it has its own group too, gets the
  /// signals ctry gets and the terminal when it wants it; a SIGINT, SIGTERM or SIGHUP that ended it
  /// cancels.
  static func spawn(
    _ path: String, _ arguments: [String], stdin: Data?, environment: [String: String]?, captureOutput: Bool,
    timeout: Duration?, processGroup: Bool = false, foreground: Bool = false
  ) async throws -> Finished {
    let processGroup = processGroup || foreground
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var inPipe: [Int32] = [-1, -1]
    var outPipe: [Int32] = [-1, -1]
    if stdin != nil {
      guard pipe(&inPipe) == 0 else { throw CtryError(.io, "cannot start \(path): no pipe") }
      posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
      posix_spawn_file_actions_addclose(&actions, inPipe[0])
      posix_spawn_file_actions_addclose(&actions, inPipe[1])
    } else if captureOutput {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    if captureOutput {
      guard pipe(&outPipe) == 0 else { throw CtryError(.io, "cannot start \(path): no pipe") }
      posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
      posix_spawn_file_actions_addclose(&actions, outPipe[0])
      posix_spawn_file_actions_addclose(&actions, outPipe[1])
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }
    let job = foreground ? PluginJob() : nil
    let spawned = CleanSpawn.spawn(
      path, arguments, environment: environment, actions: &actions, processGroup: processGroup)
    if stdin != nil { close(inPipe[0]) }
    if captureOutput { close(outPipe[1]) }
    let pid: pid_t
    switch spawned {
    case .success(let child): pid = child
    case .failure(let failure):
      if stdin != nil { close(inPipe[1]) }
      if captureOutput { close(outPipe[0]) }
      job?.end()
      throw CtryError(.io, "cannot start \(VisibleEscapes.escaped(path)): \(failure)")
    }
    let process = ChildProcess(pid: pid, group: processGroup)
    job?.started(process)
    if let stdin {
      let writeFD = inPipe[1]
      DetachedThread.start {
        // A plugin that stops reading (EPIPE: ctry ignores SIGPIPE) just gets no more.
        stdin.withUnsafeBytes { try? SystemCall.writeAll(writeFD, $0) }
        close(writeFD)
      }
    }
    let readFD = captureOutput ? outPipe[0] : -1
    let onStop: (@Sendable (Int32) -> Void)? = job.map(Self.stopHandler)
    let finished: Finished = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        DetachedThread.start {
          var output: Data?
          if readFD >= 0 {
            var data = Data()
            while let chunk = try? SystemCall.read(readFD, upTo: 16384), !chunk.isEmpty {
              data.append(contentsOf: chunk)
              // A child that keeps talking (`yes`) is not answering: stop it rather than wait.
              if data.count > Self.maximumCapturedBytes {
                process.signal(SIGKILL)
                break
              }
            }
            close(readFD)
            output = data
          }
          let code = process.waitForExit(onStop: onStop)
          continuation.resume(returning: Finished(status: code, output: output))
        }
        if let timeout {
          DetachedThread.start {
            sleep(UInt32(clamping: max(1, timeout.components.seconds)))
            process.signal(SIGKILL)
          }
        }
      }
    } onCancel: {
      process.signal(SIGTERM)
      DetachedThread.start {
        sleep(2)
        process.signal(SIGKILL)
      }
    }
    if let job, job.end(status: finished.status) != nil { throw Interrupted() }
    if Task.isCancelled { throw CancellationError() }
    return finished
  }
}

/// A spawned child that is signalled only while its pid is still its own.
///
/// The waiter first waits without reaping (`WNOWAIT`), marks the child exited under the lock, and
/// only then reaps it; `signal` checks the mark under the same lock. So a late SIGKILL (a timeout,
/// the escalation after Ctrl-C) reaches at worst a zombie, never a process that reused the pid.
final class ChildProcess: Sendable {
  let pid: pid_t
  /// The child leads its own process group: signals go to the whole group.
  let group: Bool
  private let exited = Mutex(false)

  init(pid: pid_t, group: Bool = false) {
    self.pid = pid
    self.group = group
  }

  func signal(_ signal: Int32) {
    exited.withLock { exited in
      if !exited { kill(group ? -pid : pid, signal) }
    }
  }

  /// Blocks until the child exits and returns its status (128 + signal when killed). With `onStop`,
  /// each time the child stops it is told the signal that stopped it.
  func waitForExit(onStop: (@Sendable (Int32) -> Void)? = nil) -> Int32 {
    var info = siginfo_t()
    let events = WEXITED | WNOWAIT | (onStop == nil ? 0 : WSTOPPED)
    while SystemCall.retryingInterrupts({ waitid(P_PID, id_t(pid), &info, events) }) == 0,
      info.si_code == CLD_STOPPED, let onStop
    {
      // Take the stop's report (it is still there unless the child went on meanwhile), then act on it.
      var report = siginfo_t()
      _ = SystemCall.retryingInterrupts { waitid(P_PID, id_t(pid), &report, WSTOPPED | WNOHANG) }
      onStop(info._sifields._sigchld.si_status)
    }
    // Still unreaped, the leader keeps its group id from being reused: what it left behind is
    // killed here, never a stranger.
    exited.withLock {
      if group { kill(-pid, SIGKILL) }
      $0 = true
    }
    var status: Int32 = 0
    _ = SystemCall.retryingInterrupts { waitpid(pid, &status, 0) }
    return CleanSpawn.exitStatus(status)
  }
}
