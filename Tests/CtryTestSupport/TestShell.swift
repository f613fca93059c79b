import CountryKit
import CountryModel
import CountryNetwork
import CountryStorage
import CtryCommands
import CtryOutput
import CtryShell
import Foundation
import Synchronization

/// Collects what the engine prints.
package final class CapturingOutput: OutputSink {
  private let buffers = Mutex<(out: String, err: String)>(("", ""))

  package init() {}

  package func write(_ bytes: [UInt8]) { buffers.withLock { $0.out += String(decoding: bytes, as: UTF8.self) } }
  package func writeError(_ text: String) { buffers.withLock { $0.err += text } }

  /// Returns and clears what was printed.
  package func take() -> (out: String, err: String) {
    buffers.withLock { value in
      defer { value = ("", "") }
      return value
    }
  }
}

/// Answers confirmations with a fixed reply, as if a person typed it.
package struct ScriptedInteraction: Interaction {
  package let answer: Bool?
  /// Where a question is shown, as stdout shows it.
  package let output: CapturingOutput?
  package init(answer: Bool?, output: CapturingOutput? = nil) {
    self.answer = answer
    self.output = output
  }
  package var canAsk: Bool { answer != nil }
  package func confirm(_ question: String) async -> Bool? { answer ?? false }
  /// A question is shown as a line (without the prompt's trailing space) and meets the end of input:
  /// tests of answers run the binary.
  package func ask(_ text: String) async -> Answer {
    var line = text
    while line.last == " " { line.removeLast() }
    output?.write(Array((line + "\n").utf8))
    return .endOfInput(typed: false)
  }
}

/// A whole command engine over the bundled catalog, with its files in a fresh directory.
package struct TestShell: Sendable {
  package let engine: Engine
  package let output: CapturingOutput
  package let directory: String
  /// The time commands read as now: 2026-12-24T12:00:00Z, so the local date is 2026-12-24 in every zone
  /// within eleven hours of UTC.
  package static let now = 1_798_113_600

  package init(
    format: OutputFormat = .table, environment: [String: String] = ["TZ": "Africa/Cairo"],
    answer: Bool? = nil, directory: String = TestPaths.temporaryDirectory(),
    catalog: CountryCatalog = TestData.catalog, api: APIConfiguration = APIConfiguration(), width: Int? = nil,
    statusLine: @escaping @Sendable (String?) -> Void = { _ in }
  ) {
    let paths = AppPaths(single: directory)
    let zoneinfo = environment["ZONEINFO_DIR"]
    var inference = HomeInference(environment: environment, readLink: { _ in nil })
    if let zoneinfo { inference.zoneinfoDirectory = zoneinfo }
    let state = StateDatabase(paths: paths)
    let output = CapturingOutput()
    let context = CommandContext(
      store: CountryStore(catalog: catalog, source: .memory("test catalog")),
      favorites: FavoritesStore(state: state),
      home: HomeService(store: HomeStore(state: state), inference: inference),
      registry: BuiltinCommands.registry(),
      interaction: ScriptedInteraction(answer: answer, output: output),
      paths: paths,
      session: Session(Settings(format: format, api: api)),
      statusLine: statusLine,
      workingDirectory: directory,
      randomSeed: { 7 },
      now: { TestShell.now })
    self.output = output
    engine = Engine(context: context, output: output, terminalWidth: { width })
    self.directory = directory
  }

  /// Runs a line and returns its status and what it printed.
  @discardableResult
  package func run(_ line: String) async -> (status: Int32, out: String, err: String) {
    let outcome = await engine.run(line: line)
    let printed = output.take()
    return (outcome.code, printed.out, printed.err)
  }
}

extension Renderer {
  /// What `render(output)` writes, read as text for assertions.
  package func text(_ output: CommandResult.Output) -> String {
    String(decoding: render(output), as: UTF8.self)
  }
}
