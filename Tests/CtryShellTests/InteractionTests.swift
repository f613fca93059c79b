import CtryShell
import Foundation
import Testing

/// A [y/N] answer is read up to its newline, and the question ends as soon as its task is cancelled,
/// with nothing left waiting on the input.
@Suite struct InteractionTests {
  /// A pipe standing in for the terminal: (read end, write end).
  func input() throws -> (Int32, Int32) {
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    return (ends[0], ends[1])
  }

  @Test func readsOneLineAndLeavesTheRest() async throws {
    let (reader, writer) = try input()
    defer { close(reader) }
    _ = "yes\nnext command\n".withCString { write(writer, $0, 17) }
    close(writer)
    #expect(await TerminalInteraction.readAnswer(from: reader) == .line("yes"))
    #expect(await TerminalInteraction.readAnswer(from: reader) == .line("next command"), "not taken as the answer")
    #expect(await TerminalInteraction.readAnswer(from: reader) == .endOfInput(typed: false))
  }

  /// Nothing is ever written before the cancel, so the question can end only by the cancel: the
  /// answer `.abandoned` is the event checked, and the time limit is only a hang guard (a loaded
  /// machine delays the continuation, not the cancel).
  @Test(.timeLimit(.minutes(5))) func cancellingTheTaskEndsTheQuestion() async throws {
    let (reader, writer) = try input()
    defer {
      close(reader)
      close(writer)
    }
    let question = Task { await TerminalInteraction.readAnswer(from: reader) }
    try await Task.sleep(for: .milliseconds(100))
    question.cancel()
    #expect(await question.value == .abandoned)
    // Nothing still reads the input: a line written now stays there for the next reader.
    _ = "y\n".withCString { write(writer, $0, 2) }
    #expect(await TerminalInteraction.readAnswer(from: reader) == .line("y"))
  }
}
