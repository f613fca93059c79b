import CtryShell

/// The prompt loop for a terminal without line editing.
struct PlainPrompt {
  let engine: Engine

  func run() async -> Int32 {
    let style = Style(enabled: engine.settings.color)
    while true {
      engine.output.write(style.bold("ctry> "))
      guard let line = readLine() else {
        engine.output.write("\n")
        return 0
      }
      if case .exit(let code) = await engine.run(line: line) { return code }
    }
  }
}
