import CountryNetwork
import CtryTestSupport
import Foundation
import Synchronization
import Testing

/// The refresh spinner turns while the server keeps ctry waiting, and says how long after 2 s.
@Suite(.tags(.network)) struct RefreshProgressTests {
  @Test func theSpinnerTurnsWhileWaitingAndShowsTheTime() async throws {
    let server = try FakeRestCountriesServer(
      v31Records: try #require(FileManager.default.contents(atPath: TestPaths.dataset)))
    defer { server.stop() }
    server.setFault(.slow(seconds: 3))
    let lines = Mutex<[String]>([])
    let shell = TestShell(
      api: APIConfiguration(baseURL: "\(server.baseURL)/v3.1", flavour: .v31),
      statusLine: { line in if let line { lines.withLock { $0.append(line) } } })
    let result = await shell.run("refresh")
    #expect(result.status == 0, "\(result.err)")
    let shown = lines.withLock { $0 }
    let frames = Set(shown.compactMap(\.first))
    #expect(frames.count >= 5, "the spinner turned while no byte arrived: \(frames)")
    #expect(
      shown.contains { $0.contains("refreshing from") && $0.hasSuffix(" s)") }, "elapsed time: \(shown.suffix(3))")
  }
}
