import CMalloc
import CountryModel
import CtryOutput
import CtrySystem
import FoundationEssentials
import Glibc

/// Parses the process's flags itself so that usage errors are one line on stderr with status 2.
///
/// `main` is synchronous on purpose: the interactive shell reads on the main thread, where SIGINT
/// is delivered (see `Blocking`).
@main
enum Main {
  static func main() {
    ctry_malloc_tune()
    signal(SIGPIPE, SIG_IGN)
    StandardStream.reserveClosedDescriptors()
    // Past the file-size limit (`ulimit -f`) a write fails with EFBIG, handled like a full disk,
    // instead of SIGXFSZ ending ctry half-way through a snapshot. Plugins get the default back.
    signal(SIGXFSZ, SIG_IGN)
    if let problem = StartupLimits.problem() {
      StandardOutput.writeError(problem + "\n")
      exit(StartupLimits.exitStatus)
    }
    let arguments = Array(CommandLine.arguments.dropFirst())
    let options: CommandLineOptions
    do {
      switch try CommandLineOptions.parse(arguments) {
      case .help:
        StandardOutput().write(CtryCLI.helpMessage() + "\n")
        exit(0)
      case .version:
        // The version alone on the first line, for scripts; then where the data comes from.
        StandardOutput().write(CtryCLI.version + "\n" + BundledDataset.attribution + "\n")
        exit(0)
      case .run(let parsed):
        options = parsed
      }
    } catch {
      StandardOutput.writeError("\(error)\n")
      exit(error.exitCode)
    }
    exit(options.execute())
  }
}
