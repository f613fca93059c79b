import CtryTestSupport
import Foundation
import Glibc
import Testing

/// The test runner itself: a child that answers at length before it has read all its input.
@Suite struct ProcessRunnerTests {
  /// `search --json` writes far more than a pipe holds while 200 KB of input are still unread: the
  /// runner must read the answer while it writes the input, or both wait for ever.
  @Test(.timeLimit(.minutes(1))) func drainsOutputWhileWritingInput() async throws {
    let input = "search --json\n" + String(repeating: "# filler line of a long script\n", count: 6_500)
    let result = try await onOwnThread {
      try ProcessRunner.ctry(["--offline"], stdin: input, directory: TestPaths.temporaryDirectory())
    }
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.utf8.count > 200_000)
  }
}
