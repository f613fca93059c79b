import CountryKit
import CtryCommands
import CtryShell
import Foundation
import FuzzSupport

// A `.ctry` script through the script runner: continuation lines, `$1`/`${NAME}`, aliases, `set`,
// `echo` and `exit` are real; every other command is a stub that echoes its bound arguments, so that
// nothing touches the network, the files or the catalog.
struct Stub: Command {
  let spec: CommandSpec
  func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    CommandResult(.text(([spec.name] + arguments.positionals).joined(separator: " ")))
  }
}

struct Discard: OutputSink {
  func write(_ text: String) {}
  func writeError(_ text: String) {}
}

let real: Set<String> = ["alias", "unalias", "set", "echo", "exit"]
let commands: [any Command] = BuiltinCommands.registry().commands.map {
  real.contains($0.spec.name) ? $0 : Stub(spec: $0.spec)
}
let directory = NSTemporaryDirectory() + "ctry-fuzz-script-\(getpid())"
try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
let paths = AppPaths(single: directory)
let state = StateDatabase(paths: paths)

func makeEngine() -> Engine {
  let context = CommandContext(
    store: CountryStore(catalog: CountryCatalog(countries: []), source: .memory("fuzz")),
    favorites: FavoritesStore(state: state),
    home: HomeService(store: HomeStore(state: state), inference: HomeInference(environment: [:])),
    registry: CommandRegistry(commands), interaction: NoInteraction(), paths: paths,
    workingDirectory: directory, randomSeed: { 7 })
  return Engine(context: context, output: Discard())
}

func test(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let lines = ScriptRunner.lines(of: FuzzDriver.bytes(data, count))
  let done = DispatchSemaphore(value: 0)
  Task {
    _ = await ScriptRunner.run(
      lines: lines, name: "fuzz.ctry", arguments: ["one", "two words"], engine: makeEngine(), defaultOnError: .continue)
    done.signal()
  }
  done.wait()
  return 0
}

exit(FuzzDriver.run { test($0, $1) })
