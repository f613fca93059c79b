import Foundation

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
    if let stdin { inPipe.fileHandleForWriting.write(Data(stdin.utf8)) }
    try inPipe.fileHandleForWriting.close()
    let out = outPipe.fileHandleForReading.readDataToEndOfFile()
    let err = errPipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, out: String(decoding: out, as: UTF8.self),
      err: String(decoding: err, as: UTF8.self))
  }
}
