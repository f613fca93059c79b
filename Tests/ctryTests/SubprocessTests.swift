import CtryTestSupport
import Foundation
import Glibc
import Testing

/// The tests' one way to run a program.
@Suite(.ownThread) struct SubprocessTests {
  /// The child writes 1 MB to stderr before it reads any of its 2 MB of input, then copies the
  /// input to stdout: only a runner that reads both outputs while it writes the input gets through.
  @Test(.timeLimit(.minutes(1))) func drainsStdoutAndStderrWhileWritingStdin() async throws {
    let input = String(repeating: "a line of input to copy back\n", count: 72_000)
    let result = try await onOwnThread {
      try Subprocess.run(
        "/bin/sh", ["-c", "head -c 1000000 /dev/zero | tr '\\000' e >&2; cat"], stdin: input, timeout: .seconds(50))
    }
    #expect(result.status == 0 && !result.timedOut)
    #expect(result.out == input)
    #expect(result.err.utf8.count == 1_000_000 && result.err.utf8.allSatisfy { $0 == UInt8(ascii: "e") })
  }

  /// What tmux's client does: it exits and leaves a process behind with the pipes open. The run
  /// ends with the child, not with what it left behind.
  @Test(.timeLimit(.minutes(1))) func endsWhenTheChildExitsThoughWhatItLeftKeepsThePipesOpen() async throws {
    let started = ContinuousClock.now
    let result = try await onOwnThread { try Subprocess.run("/bin/sh", ["-c", "sleep 600 & echo $!"]) }
    let elapsed = ContinuousClock.now - started
    let leftBehind = try #require(Int32(result.out.trimmingCharacters(in: .whitespacesAndNewlines)), "\(result.out)")
    kill(leftBehind, SIGKILL)  // the test leaves nothing behind either
    #expect(result.status == 0)
    #expect(elapsed < .seconds(60), "returned with the child, not with what it left (600 s): \(elapsed)")
  }

  @Test(.timeLimit(.minutes(1))) func aChildPastItsTimeLimitIsKilled() async throws {
    let started = ContinuousClock.now
    let result = try await onOwnThread {
      try Subprocess.run("/bin/sh", ["-c", "echo started; exec sleep 600"], timeout: .milliseconds(300))
    }
    let elapsed = ContinuousClock.now - started
    #expect(result.timedOut && result.status == 128 + SIGKILL)
    #expect(result.out == "started\n")
    #expect(elapsed < .seconds(60), "killed, not waited for (600 s): \(elapsed)")
  }

  @Test func environmentAndWorkingDirectory() throws {
    let directory = TestPaths.temporaryDirectory()
    let result = try Subprocess.run(
      "/bin/sh", ["-c", "pwd; echo \"$GREETING\"; echo \"${HOME-unset}\""], environment: ["GREETING": "hello"],
      directory: directory)
    let real = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
    #expect(result.out == "\(real)\nhello\nunset\n")
    #expect(throws: (any Error).self) { try Subprocess.run("/nonexistent/program", []) }
  }

  /// A descriptor the test process opened without close-on-exec (as Foundation's Pipe does) does not
  /// reach the child: the pipe's reader sees its end at once, not when the child exits.
  @Test(.timeLimit(.minutes(1))) func theChildInheritsNoOtherDescriptor() async throws {
    var fds: [Int32] = [-1, -1]
    #expect(pipe(&fds) == 0)
    let child = try Subprocess("/bin/sleep", ["10"])
    close(fds[1])
    var entry = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
    let ready = poll(&entry, 1, 3000)
    close(fds[0])
    #expect(ready == 1 && entry.revents & Int16(POLLHUP) != 0, "the child holds the pipe open")
    child.kill()
    #expect(child.wait() == 128 + SIGKILL)
  }

  /// `readLine` returns each line as it comes, while stderr is read too (200 KB of it would fill
  /// its pipe and stop the child before it writes the line).
  @Test(.timeLimit(.minutes(1))) func readLineStreamsStdoutWhileReadingStderr() async throws {
    let (line, status) = try await onOwnThread {
      let child = try Subprocess("/bin/sh", ["-c", "head -c 200000 /dev/zero >&2; echo one; exec sleep 30"])
      let line = child.readLine()
      child.kill()
      return (line, child.wait())
    }
    #expect(line == "one")
    #expect(status == 128 + SIGKILL)
  }
}
