import ArgumentParser
import CountryKit
import CtryShell

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// Parses the process's flags itself so that usage errors are one line on stderr with status 2.
///
/// `main` is synchronous on purpose: the interactive shell reads on the main thread, where SIGINT
/// is delivered (see `Blocking`).
@main
enum Main {
  static func main() {
    signal(SIGPIPE, SIG_IGN)
    StandardStream.reserveClosedDescriptors()
    // Past the file-size limit (`ulimit -f`) a write fails with EFBIG, handled like a full disk,
    // instead of SIGXFSZ ending ctry half-way through a snapshot. Plugins get the default back.
    signal(SIGXFSZ, SIG_IGN)
    if let problem = StartupLimits.problem() {
      StandardOutput.writeError(problem + "\n")
      exit(StartupLimits.exitStatus)
    }
    if Array(CommandLine.arguments.dropFirst()) == ["--generate-completion-script", "bash"] {
      StandardOutput().write(BashCompletionScript.text)
      exit(0)
    }
    let cli: CtryCLI
    do {
      guard let parsed = try CtryCLI.parseAsRoot() as? CtryCLI else { exit(2) }
      cli = parsed
    } catch {
      let code = CtryCLI.exitCode(for: error)
      if code == .success {
        StandardOutput().write(CtryCLI.fullMessage(for: error) + "\n")
        exit(0)
      }
      let message = CtryCLI.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments"
      StandardOutput.writeError("\(message) — see 'ctry --help'\n")
      exit(2)
    }
    exit(cli.execute())
  }
}
