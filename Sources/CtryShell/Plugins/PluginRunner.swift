import CountryKit
import CountryModel
import CountryStorage
import CtryOutput
import CtrySystem
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

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
    return try? TapeDecoder.decode(PluginSpec.self, from: output)
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
    if let home = context.home.current(in: catalog) {
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

  /// What a plugin's environment starts from: ctry's own without the server's secrets. A plugin is
  /// any executable named `ctry-*` on PATH; the key is for the server, and is no more passed on than
  /// the one `set api-key` saved, and the server's URL may carry credentials (`https://user:pass@…`,
  /// `?key=…`).
  static func environment() -> [String: String] {
    var environment = ProcessEnvironment.current()
    for name in withheld { environment[name] = nil }
    return environment
  }

  /// The variables of ctry's environment a plugin does not get.
  static let withheld = ["CTRY_API_KEY", "CTRY_API_URL"]

  /// Where the blocking work of a plugin run waits (feeding its stdin, reading its output, waiting
  /// for it to exit). A queue of its own is overcommitting: each block that blocks gets a thread,
  /// and none of them holds one of the few threads Swift concurrency runs tasks on.
  private static let waiting = DispatchQueue(label: "ctry.plugin", attributes: .concurrent)

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
  /// stdout, at most `maximumCapturedBytes`), optional stdin data, and a waitpid on the `waiting`
  /// queue; cancellation sends SIGTERM, then SIGKILL 2 s later; the timeout SIGKILL. With `processGroup` the child leads a
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
    let input: (read: Int32, write: Int32)?
    let output: (read: Int32, write: Int32)?
    do throws(SystemCallError) {
      input = stdin == nil ? nil : try SystemCall.pipe()
      do throws(SystemCallError) {
        output = captureOutput ? try SystemCall.pipe() : nil
      } catch {
        if let input { [input.read, input.write].forEach { close($0) } }
        throw error
      }
    } catch {
      throw CtryError(.io, "cannot start \(VisibleEscapes.escaped(path)): \(error)")
    }
    // The pipes are close-on-exec: the child gets only what is put on 0, 1 and 2 here.
    if let input {
      posix_spawn_file_actions_adddup2(&actions, input.read, 0)
    } else if captureOutput {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    if let output {
      posix_spawn_file_actions_adddup2(&actions, output.write, 1)
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }
    let job = foreground ? PluginJob() : nil
    let spawned = CleanSpawn.spawn(
      path, arguments, environment: environment, actions: &actions, processGroup: processGroup)
    if let input { close(input.read) }
    if let output { close(output.write) }
    let pid: pid_t
    switch spawned {
    case .success(let child): pid = child
    case .failure(let failure):
      if let input { close(input.write) }
      if let output { close(output.read) }
      job?.end()
      throw CtryError(.io, "cannot start \(VisibleEscapes.escaped(path)): \(failure)")
    }
    let process = ChildProcess(pid: pid, group: processGroup)
    job?.started(process)
    if let stdin, let writeFD = input?.write {
      waiting.async {
        // A plugin that stops reading (EPIPE: ctry ignores SIGPIPE) just gets no more.
        stdin.withUnsafeBytes { try? SystemCall.writeAll(writeFD, $0) }
        close(writeFD)
      }
    }
    let readFD = output?.read ?? -1
    let onStop: (@Sendable (Int32) -> Void)? = job.map(Self.stopHandler)
    // Timers, not sleeping threads.
    let deadline = timeout.map { timeout in
      DispatchWorkItem { process.signal(SIGKILL) }.scheduled(after: max(.seconds(1), timeout))
    }
    let finished: Finished = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        waiting.async {
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
      }
    } onCancel: {
      process.signal(SIGTERM)
      // Once the plugin has been waited for this reaches nobody (`ChildProcess.signal`).
      _ = DispatchWorkItem { process.signal(SIGKILL) }.scheduled(after: .seconds(2))
    }
    deadline?.cancel()
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

extension DispatchWorkItem {
  /// Runs this item on a global queue after `delay`; returns it, to be cancelled when it is no longer
  /// wanted.
  func scheduled(after delay: Duration) -> DispatchWorkItem {
    let (seconds, attoseconds) = delay.components
    let nanoseconds = Int(clamping: seconds) &* 1_000_000_000 &+ Int(attoseconds / 1_000_000_000)
    DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: self)
    return self
  }
}
