import CtryCommands
import CtryGrammar
import CtryShell
import Foundation
import FuzzSupport

// A command line through the tokenizer, `$1`/`${NAME}` expansion and the argument binder of every
// built-in command. Errors are answers; only a crash, a hang or a sanitizer report is a finding.
let specs = BuiltinCommands.registry().commands.map(\.spec)

func test(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let line = String(decoding: FuzzDriver.bytes(data, count), as: UTF8.self)
  _ = Tokenizer.scan(line)
  _ = Tokenizer.continuation(of: line)
  _ = Tokenizer.quote(line)
  _ = Tokenizer.openQuote(line)
  let expanded = (try? Expansion.expand(line, arguments: ["a b", "", "$2"], variables: ["NAME": "x${NAME}"])) ?? line
  guard let words = try? Tokenizer.tokenize(expanded), let first = words.first else { return 0 }
  let rest = Array(words.dropFirst())
  // The named command, else every spec in turn (the binder is the same code for each).
  if let spec = specs.first(where: { $0.name == first || $0.aliases.contains(first) }) {
    _ = try? ArgumentBinder.bind(rest, to: spec)
  } else {
    for spec in specs { _ = try? ArgumentBinder.bind(words, to: spec) }
  }
  return 0
}

exit(FuzzDriver.run { test($0, $1) })
