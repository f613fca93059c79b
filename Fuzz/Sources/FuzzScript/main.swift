import CountryKit
import CountryModel
import CountryStorage
import CtryCommands
import CtryGrammar
import CtryOutput
import CtryShell
import Foundation
import FuzzSupport

// A `.ctry` script through the script runner: continuation lines, `$1`/`${NAME}`, aliases, `set`,
// `echo` and `exit` are real; every other command is a stub that echoes its bound arguments, so that
// nothing touches the network, the files or the catalog.
/// Stands in for a command with its spec and flags (the registry checks the two agree).
struct Stub<Flags: FlagGroup>: Command {
  let spec: CommandSpec

  static func standingIn<Real: Command>(for real: Real) -> any Command { Stub<Real.Flags>(spec: real.spec) }

  func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    CommandResult(.text(([spec.name] + arguments.positionals).joined(separator: " ")))
  }
}

struct Discard: OutputSink {
  func write(_ bytes: [UInt8]) {}
  func writeError(_ text: String) {}
}

let real: Set<String> = ["alias", "unalias", "set", "echo", "exit"]
let directory = NSTemporaryDirectory() + "ctry-fuzz-script-\(getpid())"
try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
let paths = AppPaths(single: directory)
let state = StateDatabase(paths: paths)
// Built once: nothing here changes while a script runs. The registry is immutable, and the stores,
// the cache and the catalog are written only by commands that are stubs here.
let shared = CommandContext(
  store: CountryStore(catalog: CountryCatalog(countries: []), source: .memory("fuzz")),
  favorites: FavoritesStore(state: state),
  home: HomeService(store: HomeStore(state: state), inference: HomeInference(environment: [:])),
  registry: try CommandRegistry(
    BuiltinCommands.registry().commands.map { real.contains($0.spec.name) ? $0 : Stub<NoFlags>.standingIn(for: $0) }),
  interaction: NoInteraction(), paths: paths, workingDirectory: directory, randomSeed: { 7 })

/// An engine with settings (aliases, variables, on-error, echo) and a history of its own, so that no
/// input sees what another one set.
func makeEngine() -> Engine {
  var context = shared
  context.session = Session(Settings())
  context.history = HistoryStore(path: nil)
  return Engine(context: context, output: Discard())
}

func test(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let lines = ScriptRunner.lines(of: FuzzDriver.bytes(data, count))
  let done = DispatchSemaphore(value: 0)
  // Starts on this thread, and the runner never suspends with every command stubbed: the whole script
  // runs here, with no hop to a pool thread and back per input.
  Task.immediate {
    var next = lines.makeIterator()
    _ = await ScriptRunner.run(
      nextLine: { next.next() }, origin: .file("fuzz.ctry"), arguments: ["one", "two words"], engine: makeEngine(),
      defaultOnError: .continue)
    done.signal()
  }
  done.wait()
  return 0
}

exit(FuzzDriver.run { test($0, $1) })
