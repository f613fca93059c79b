import CountryKit
import CountryModel
import CountryNetwork
import CtryOutput
import CtrySystem
import FoundationEssentials
import Glibc

/// Runs `.ctry` scripts and other sources of command lines through the engine.
///
/// One command per line; `#` comments and blank lines are skipped by the tokenizer; a line ending
/// in `\` continues on the next. Errors are printed as `FILE:LINE: message` (`line N: message` for
/// commands piped on stdin). With `on-error stop`
/// (scripts' default) the first failure ends the script; with `continue` it runs on and the status
/// is still non-zero. `echo on` prints each command on stderr before it runs, after `+ ` as `sh -x`
/// does, so that it never mixes with the data on stdout.
package enum ScriptRunner {
  package enum OnError: String, Sendable, CaseIterable {
    case stop, `continue`
  }

  /// Where the lines come from, which their errors name.
  package enum Origin: Sendable, Equatable {
    /// A script file: `trip.ctry:3: …`.
    case file(String)
    /// Commands piped on stdin: `line 3: …`.
    case standardInput
    /// `-c` commands, whose errors stand alone.
    case commandLine
  }

  /// The most bytes of a script file: a million commands of a usual length. Commands piped on
  /// stdin are a stream, and bounded line by line instead.
  package static let maximumBytes = 64 << 20

  /// Runs the file at `path` with `arguments` (`$1`…); returns the script's status. A relative `path`
  /// is read from the context's working directory, and named in errors as given (`trip.ctry:3: `),
  /// however the script was started (`ctry FILE`, `run FILE`, `-c 'run FILE'`). Only a regular
  /// file of at most `maximumBytes` is read (`RegularFile`): a FIFO or a device is refused at once.
  /// `defaultOnError` applies unless `set on-error` chose otherwise: scripts stop at the first
  /// failure, the start-up file reports each failing line and goes on, as a shell's rc file does.
  package static func run(path: String, arguments: [String], engine: Engine, defaultOnError: OnError = .stop) async
    -> Int32
  {
    let stack = ScriptStack.frames
    let directory = engine.context.workingDirectory
    let file = { (path: String) in path.hasPrefix("/") ? path : directory + "/" + path }
    let resolved = URL(fileURLWithPath: file(path)).standardizedFileURL.path
    if stack.count >= ScriptStack.maximumDepth {
      return engine.report(CtryError.usage("scripts nested deeper than \(ScriptStack.maximumDepth) (\(path))"))
    }
    if let cycle = stack.firstIndex(where: { URL(fileURLWithPath: file($0.path)).standardizedFileURL.path == resolved })
    {
      let chain = (stack[cycle...].map(\.path) + [path]).joined(separator: " → ")
      return engine.report(CtryError.usage("script cycle: \(chain)", hint: "a script may not run itself"))
    }
    // A path longer than PATH_MAX (4096) names no file: only its start is worth showing.
    let shown = EchoedInput.shortened(path, limit: 4096)
    let bytes: [UInt8]
    do throws(RegularFile.Failure) {
      bytes = try RegularFile.read(file(path), limit: maximumBytes)
    } catch {
      switch error {
      case .notRegular(.directory):
        return engine.report(CtryError.usage("\(shown) is a directory, not a script", hint: "name a .ctry file"))
      case .missing, .system(SystemCallError(code: ENAMETOOLONG)):
        return engine.report(CtryError(.notFound, "no such script: \(shown)"))
      case .notRegular, .symbolicLink:
        return engine.report(CtryError.usage("cannot run \(shown): \(error)"))
      case .tooLarge:
        return engine.report(CtryError.usage("cannot run \(shown): \(error)", hint: "split it into several scripts"))
      case .system:
        return engine.report(CtryError(.notFound, "cannot read \(shown): \(error)", hint: "check its permissions"))
      }
    }
    var lines = lines(of: bytes).makeIterator()
    return await run(
      nextLine: { lines.next() }, origin: .file(path), arguments: arguments, engine: engine,
      defaultOnError: defaultOnError)
  }

  /// The lines of a script file, split at LF (a CRLF ends a line too: `run` drops the CR). Split on
  /// bytes, not Characters: in Swift "\r\n" is one Character, which a split at "\n" never sees.
  package static func lines(of data: some Collection<UInt8>) -> [String] {
    data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  /// Runs the lines `nextLine` gives until it gives nil, from `origin`, whose errors name it. Returns
  /// 0, or the first failure's status. (A function rather than a generic sequence: called from
  /// another module, a generic is not specialized, and its first use looks up the sequence's
  /// iterator type by name.)
  package static func run(
    nextLine: () -> String?, origin: Origin, arguments: [String] = [], engine: Engine, defaultOnError: OnError
  ) async -> Int32 {
    var status: Int32 = 0
    var pending = ""
    var firstLine = 0
    var number = 0
    while let raw = nextLine() {
      // Ctrl-C in the shell cancels the task running `run FILE`: the script ends before its next line.
      if Task.isCancelled { return engine.report(CancellationError()) }
      number += 1
      var line = raw
      if line.unicodeScalars.last == "\r" { line.unicodeScalars.removeLast() }
      if pending.isEmpty { firstLine = number }
      if line.unicodeScalars.contains("\r") {
        let error = CtryError.usage(
          "a carriage return (\\r) inside the line", hint: "save the script with LF or CRLF line endings")
        let code = await report(error, origin: origin, line: number, engine: engine)
        pending = ""
        if status == 0 { status = code }
        if (engine.settings.onError ?? defaultOnError) == .stop { return status }
        continue
      }
      if line.hasSuffix("\\"), !line.hasSuffix("\\\\") {
        pending += line.dropLast() + " "
        continue
      }
      let command = pending + line
      pending = ""
      if number == 1, command.hasPrefix("#!") { continue }
      if engine.settings.echo, !command.trimmingWhitespace().isEmpty {
        engine.output.writeError("+ " + engine.echoed(command, arguments: arguments) + "\n")
      }
      let outcome = await run(command, origin: origin, line: firstLine, arguments: arguments, engine: engine)
      switch outcome {
      case .exit(let code):
        return status == 0 ? code : status
      case .status(let code):
        guard code != 0 else { continue }
        if status == 0 { status = code }
        if code == 130 || (engine.settings.onError ?? defaultOnError) == .stop { return status }
      }
    }
    if !pending.isEmpty {
      let outcome = await run(
        String(pending.dropLast()), origin: origin, line: firstLine, arguments: arguments, engine: engine)
      if status == 0 { status = outcome.code }
    }
    return status
  }

  private static func report(_ error: CtryError, origin: Origin, line: Int, engine: Engine) async -> Int32 {
    switch origin {
    case .file(let path):
      let frame = ScriptFrame(path: path, line: line, arguments: [])
      return ScriptStack.$frames.withValue(ScriptStack.frames + [frame]) { engine.report(error) }
    case .standardInput:
      return ScriptStack.$inputLine.withValue(line) { engine.report(error) }
    case .commandLine:
      return engine.report(error)
    }
  }

  private static func run(_ command: String, origin: Origin, line: Int, arguments: [String], engine: Engine) async
    -> Engine.Outcome
  {
    switch origin {
    case .file(let path):
      let frame = ScriptFrame(path: path, line: line, arguments: arguments)
      return await ScriptStack.$frames.withValue(ScriptStack.frames + [frame]) { await engine.run(line: command) }
    case .standardInput:
      return await ScriptStack.$inputLine.withValue(line) { await engine.run(line: command) }
    case .commandLine:
      return await engine.run(line: command)
    }
  }
}
