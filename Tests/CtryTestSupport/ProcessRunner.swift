/// Runs the built `ctry` binary as a user would, capturing stdout, stderr and the exit status.
package enum ProcessRunner {
  package typealias Result = Subprocess.Result

  /// ctry with `arguments`, `stdin` on a pipe (empty when nil), and an environment of HOME (`directory`,
  /// or a new temporary one), PATH, TZ and LANG, with `environment` on top.
  package static func ctry(
    _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], directory: String? = nil,
    timeout: Duration? = nil
  ) throws -> Result {
    let home = directory ?? TestPaths.temporaryDirectory()
    var env = ["HOME": home, "PATH": "/usr/bin:/bin", "TZ": "Africa/Cairo", "LANG": "C.UTF-8"]
    env.merge(environment) { $1 }
    return try Subprocess.run(TestPaths.binary, arguments, stdin: stdin ?? "", environment: env, timeout: timeout)
  }
}
