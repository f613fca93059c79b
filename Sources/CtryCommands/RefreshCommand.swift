import CountryKit
import CountryModel
import CountryNetwork
import CtryGrammar
import CtryOutput
import CtryShell
import CtrySystem
import FoundationEssentials
import Synchronization

/// `refresh [--force]` — fetch the dataset from the configured REST Countries server.
package struct RefreshCommand: Command {
  package init() {}

  package struct Flags: FlagGroup {
    package init() {}

    let force = FlagKey<Bool>.switch("force", "fetch everything even if the server says nothing changed")
  }

  package let spec = CommandSpec(
    name: "refresh",
    summary: "Fetch the latest data from the REST Countries server into the cache",
    discussion: """
      By default ctry asks the keyed REST Countries v5 API (https://api.restcountries.com/countries/v5) \
      with CTRY_API_KEY or 'set api-key KEY' (keys: https://restcountries.com/sign-up), 100 countries a \
      page (CTRY_API_PAGE_SIZE, up to 500 on paid plans). --api URL, CTRY_API_URL or 'set api URL' names \
      a self-hosted v3.1 or v2 server instead (the flavour follows the URL's ending, or --api-version). \
      A v3.1/v2 refresh sends a conditional request and keeps the cache when nothing changed; --force \
      fetches everything. On failure nothing changes: ctry keeps using what it has.
      """,
    flags: Flags.self,
    examples: [
      Example("refresh", "fetch what changed since the last refresh", needsServer: true),
      Example("refresh --force", "fetch everything again", needsServer: true),
    ])

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    let settings = context.session.settings
    guard !settings.offline else {
      throw CtryError.refused("offline mode: not refreshing", hint: "start ctry without --offline")
    }
    let started = ContinuousClock.now
    let statusLine = context.statusLine
    let spinner = Spinner()
    let url = settings.api.displayURL
    let received = Atomic<Int>(-1)
    // Set under the lock that writes the status line, so no late tick redraws a cleared line.
    let finished = Mutex(false)
    @Sendable func show() {
      let bytes = received.load(ordering: .relaxed)
      let waited = ContinuousClock.now - started
      var text = "\(spinner.next()) refreshing from \(url)…"
      if bytes >= 0 { text += " \(ByteCountText.format(bytes))" }
      if waited >= .seconds(2) { text += " (\(waited.components.seconds) s)" }
      finished.withLock { done in if !done { statusLine(text) } }
    }
    // The spinner turns while the server keeps us waiting, not only when bytes arrive.
    let ticker = Task {
      while !Task.isCancelled {
        show()
        try? await Task.sleep(for: .milliseconds(100))
      }
    }
    defer {
      ticker.cancel()
      finished.withLock { done in
        done = true
        statusLine(nil)
      }
    }
    let outcome = try await context.store.refresh(with: context.refresher, force: arguments[flags.force]) { bytes in
      received.store(bytes, ordering: .relaxed)
    }
    let elapsed = ContinuousClock.now - started
    let seconds = NumberFormat.oneDecimal(elapsed.inSeconds)
    switch outcome {
    case .notModified(let requests):
      return .message("Already up to date: \(url) reports no change (\(seconds) s, \(Self.requests(requests))).")
    case .updated(let count, let bytes, let requests):
      return .message(
        "Refreshed \(count) countries from \(url) (\(settings.api.flavour.rawValue), \(ByteCountText.format(bytes)), \(seconds) s, \(Self.requests(requests)))."
      )
    }
  }
}

extension RefreshCommand {
  /// `1 request`, `5 requests`.
  static func requests(_ count: Int) -> String { count == 1 ? "1 request" : "\(count) requests" }
}

/// A braille spinner, one frame per call.
final class Spinner: Sendable {
  private static let frames = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
  private let counter = Counter()

  func next() -> Character { Self.frames[counter.increment() % Self.frames.count] }
}

/// `1.4 MB`, `812 KB`, `90 B`.
enum ByteCountText {
  static func format(_ bytes: Int) -> String {
    if bytes >= 1_048_576 { return NumberFormat.oneDecimal(Double(bytes) / 1_048_576) + " MB" }
    if bytes >= 1024 { return "\(bytes / 1024) KB" }
    return "\(bytes) B"
  }
}
