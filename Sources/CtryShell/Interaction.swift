import CountryModel
import CtryOutput
import CtrySystem
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// Asking the person at the keyboard; scripts and pipes cannot be asked.
package protocol Interaction: Sendable {
  /// Whether a question can be put to a person (stdin and stderr are terminals).
  var canAsk: Bool { get }
  /// Asks a yes/no question: true for y/yes, false for any other answer and for the end of input
  /// (Ctrl-D), nil when the question was abandoned (Ctrl-C).
  func confirm(_ question: String) async -> Bool?
  /// Shows `text` (a question, without a newline) on stdout and reads one answer: a line typed at
  /// the terminal or piped to stdin, or, when stdin is the script being run, the script's next line.
  /// A line that was not typed at a terminal is shown after the question, as if typed.
  func ask(_ text: String) async -> Answer
}

/// How a question ended.
package enum Answer: Equatable, Sendable {
  /// A line, without its newline.
  case line(String)
  /// The end of input (Ctrl-D), after some text (`typed`) or none.
  case endOfInput(typed: Bool)
  /// Ctrl-C cancelled the task, or stdin failed.
  case abandoned
}

/// Never asks: every confirmation needs `--yes`, and every question meets the end of input.
package struct NoInteraction: Interaction {
  package init() {}
  package var canAsk: Bool { false }
  package func confirm(_ question: String) async -> Bool? { false }
  package func ask(_ text: String) async -> Answer { .endOfInput(typed: false) }
}

/// The lines of stdin when stdin is the script (commands piped to ctry): the script runner and a
/// command that asks take them in turn, so a question's answer is the line after the command.
package final class StandardInputScript: Sendable {
  private let reader = Mutex(LineReader(descriptor: 0))

  package init() {}

  /// The next line, or nil at the end of the input.
  package func next() -> String? {
    reader.withLock { $0.next() }
  }
}

/// Asks on the terminal: the question on stderr, the answer from stdin.
///
/// The answer is read on a thread outside the cooperative pool, which waits in `poll` on stdin and
/// on a wake-up pipe that the task's cancellation writes: Ctrl-C (which cancels the command's task)
/// ends the question at once, and no read is left waiting to take the next command typed as the
/// answer.
package struct TerminalInteraction: Interaction {
  /// stdin when it is the script being run: answers are its next lines.
  private let script: StandardInputScript?

  package init(script: StandardInputScript? = nil) {
    self.script = script
  }

  package var canAsk: Bool { Terminal.isTerminal(0) && Terminal.isTerminal(2) }

  package func confirm(_ question: String) async -> Bool? {
    StandardOutput.writeError("\(question) [y/N] ")
    switch await Self.readAnswer() {
    case .line(let answer):
      return ["y", "yes"].contains(answer.trimmingWhitespace().lowercased())
    case .endOfInput(let typed):
      // Ctrl-D answers no, and says so where the answer goes (after what was typed, on a line of its
      // own).
      StandardOutput.writeError(typed ? "\nno\n" : "no\n")
      return false
    case .abandoned:
      StandardOutput.writeError("\n")
      return nil
    }
  }

  package func ask(_ text: String) async -> Answer {
    let output = StandardOutput()
    let answer: Answer
    let typed = script == nil && Terminal.isTerminal(0)
    if let script {
      output.write(text)
      answer = script.next().map { .line($0) } ?? .endOfInput(typed: false)
    } else if typed {
      // Ctrl-C is taken from before the question shows: a person may press it as soon as they see it.
      answer = await OneShotInterrupt.during {
        output.write(text)
        return await Self.readAnswer()
      }
    } else {
      output.write(text)
      answer = await Self.readAnswer()
    }
    switch answer {
    case .line(let line):
      // The terminal has echoed what was typed; a piped answer is shown as if typed, escaped.
      if !typed { output.write(VisibleEscapes.escaped(EchoedInput.shortened(line)) + "\n") }
    case .endOfInput, .abandoned:
      output.write("\n")
    }
    return answer
  }

  /// One line from `descriptor` (stdin), or how the question ended without one.
  package static func readAnswer(from descriptor: Int32 = 0) async -> Answer {
    guard let cancelled = WakePipe() else { return .abandoned }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
          continuation.resume(returning: readAnswer(from: descriptor, unless: cancelled))
        }
      }
    } onCancel: {
      cancelled.wake()
    }
  }

  /// Blocks until a line, the end of input, or `cancelled` is woken. Byte by byte, so nothing past
  /// the answer's newline is taken from stdin.
  private static func readAnswer(from descriptor: Int32, unless cancelled: WakePipe) -> Answer {
    var bytes: [UInt8] = []
    while cancelled.wait(forReadable: descriptor) {
      var byte: UInt8 = 0
      let count: Int
      do {
        count = try withUnsafeMutableBytes(of: &byte) { buffer throws(SystemCallError) in
          try SystemCall.read(descriptor, into: buffer)
        }
      } catch {
        if error.code == EAGAIN { continue }
        return .abandoned
      }
      guard count == 1 else { return .endOfInput(typed: !bytes.isEmpty) }
      if byte == UInt8(ascii: "\n") { return .line(String(decoding: bytes, as: UTF8.self)) }
      bytes.append(byte)
      if bytes.count > 4096 { return .abandoned }
    }
    return .abandoned
  }
}
