import Glibc

/// Runs the built `ctry` binary as a user would, capturing stdout, stderr and the exit status.
package enum ProcessRunner {
  package typealias Result = Subprocess.Result

  /// ctry with `arguments`, `stdin` on a pipe (empty when nil), and an environment of HOME (`directory`,
  /// or a new prepared one: `TestPaths.preparedDirectory()`), PATH, TZ and LANG, with `environment` on top.
  /// `withoutAnAccount`: as a user the password database does not know (see `accountless`).
  package static func ctry(
    _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], directory: String? = nil,
    timeout: Duration? = nil, withoutAnAccount: Bool = false
  ) throws -> Result {
    let home = directory ?? TestPaths.preparedDirectory()
    var env = ["HOME": home, "PATH": "/usr/bin:/bin", "TZ": "Africa/Cairo", "LANG": "C.UTF-8"]
    env.merge(environment) { $1 }
    let (path, arguments) =
      withoutAnAccount ? (unshare, accountless + [TestPaths.binary] + arguments) : (TestPaths.binary, arguments)
    return try Subprocess.run(path, arguments, stdin: stdin ?? "", environment: env, timeout: timeout)
  }

  private static let unshare = "/usr/bin/unshare"

  /// unshare(1)'s arguments that run a program in a user namespace of its own as uid and gid
  /// 4000123, which no password database names (ours mapped to it: it still owns our files), so
  /// ctry finds no account home. No switch in ctry is needed to test that case.
  private static let accountless = ["--user", "--map-user=4000123", "--map-group=4000123", "--"]

  /// Whether `withoutAnAccount` works here: unshare(1) is installed, user namespaces are allowed,
  /// and the uid really has no entry.
  package static let canRunWithoutAnAccount: Bool = {
    guard getpwuid(4_000_123) == nil, let probe = try? Subprocess.run(unshare, accountless + ["/usr/bin/id", "-u"])
    else { return false }
    return probe.status == 0 && probe.out == "4000123\n"
  }()
}
