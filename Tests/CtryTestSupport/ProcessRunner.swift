import Foundation
import Synchronization

/// Runs the built `ctry` binary as a user would, capturing stdout, stderr and the exit status.
package enum ProcessRunner {
  package struct Result: Sendable {
    package var status: Int32
    package var out: String
    package var err: String
  }

  package static func ctry(
    _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], directory: String? = nil
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: TestPaths.binary)
    let home = directory ?? TestPaths.temporaryDirectory()
    process.arguments = arguments
    var env = ["HOME": home, "PATH": "/usr/bin:/bin", "TZ": "Africa/Cairo", "LANG": "C.UTF-8"]
    env.merge(environment) { $1 }
    process.environment = env
    let outPipe = Pipe()
    let errPipe = Pipe()
    let inPipe = Pipe()
    process.standardOutput = outPipe
    process.standardError = errPipe
    process.standardInput = inPipe
    try process.run()
    // Drain stdout and stderr while stdin is written: a child that answers before it has read all
    // its input would otherwise fill a pipe and wait for us while we wait for it.
    let out = Drain(outPipe.fileHandleForReading)
    let err = Drain(errPipe.fileHandleForReading)
    if let stdin { inPipe.fileHandleForWriting.write(Data(stdin.utf8)) }
    try inPipe.fileHandleForWriting.close()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, out: String(decoding: out.data(), as: UTF8.self),
      err: String(decoding: err.data(), as: UTF8.self))
  }
}

/// Reads a pipe to its end on a thread of its own; `data()` waits for the end.
private final class Drain: Sendable {
  private let bytes = Mutex(Data())
  private let done = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    let thread = Thread { [self] in
      let data = handle.readDataToEndOfFile()
      bytes.withLock { $0 = data }
      done.signal()
    }
    thread.start()
  }

  func data() -> Data {
    done.wait()
    done.signal()
    return bytes.withLock { $0 }
  }
}
