import CountryModel
import CtryGrammar
import CtryOutput
import CtryShell
import CtrySystem

/// `quiz capitals|flags|neighbours|currencies [--count N] [--seed N]` — questions about countries,
/// answered one line each, and the score.
package struct QuizCommand: Command {
  package init() {}

  package struct Flags: FlagGroup {
    package init() {}

    let count = FlagKey<Int>.integer("count", valueName: "N", "how many questions, 1 to 100 (default 10)")
    let seed = FlagKey<Int>.integer("seed", valueName: "N", "the same seed asks the same questions in the same order")
  }

  /// The most questions one quiz asks: fewer than the countries of any kind (165 have a land
  /// neighbour), so a quiz never runs out of questions.
  static let maximumCount = 100

  package let spec = CommandSpec(
    name: "quiz",
    summary: "Ask questions about countries and keep the score",
    discussion: """
      Each question takes one line of answer: typed at the prompt, or read from stdin (a pipe, a file, \
      and in a script or -c command too); when stdin is the script itself (commands piped to ctry), the \
      answers are the lines after the quiz. Country answers are read as every command reads a country: \
      in any language, accents optional, one typo taken with a note; capitals (and their other names, \
      such as Kiev) and currencies (name or code) likewise. Each answer is told right or wrong with the \
      right answer, and the quiz ends with 'Score: N/M'. The end of input ends it early with the score \
      so far (status 0); Ctrl-C ends it with the score so far and status 130. The quiz is a dialogue: \
      it is text in every format.
      """,
    positionals: [
      Positional("KIND", .choice(QuizKind.allCases.map(\.rawValue)), "capitals, flags, neighbours or currencies")
    ],
    flags: Flags.self,
    examples: [
      Example("quiz capitals", "ten capitals"),
      Example("quiz flags --count 5", "five flags"),
      Example("quiz neighbours --seed 7", "the same questions every time"),
    ], printsData: false)

  package func run(_ arguments: Arguments, in context: CommandContext) async throws -> CommandResult {
    // The binder has checked KIND against the choices.
    guard let kind = arguments.positional(0).flatMap(QuizKind.init(rawValue:)) else {
      throw CtryError.usage("quiz needs KIND", hint: "usage: \(spec.usage)")
    }
    let count = arguments[flags.count] ?? 10
    guard (1...Self.maximumCount).contains(count) else {
      throw CtryError.usage("--count must be from 1 to \(Self.maximumCount), got \(count)")
    }
    let catalog = await context.catalog
    let seed = arguments[flags.seed] ?? Int(context.randomSeed() % 1_000_000)
    var generator = SplitMix64(seed: UInt64(bitPattern: Int64(seed)))
    // Countries in a seeded order; only those asked about are decoded.
    var order = Array(catalog.countries.indices).shuffled(using: &generator)[...]
    var score = 0
    var asked = 0
    var said = ""
    var status: Int32 = 0
    let settings = context.session.settings
    let style = Style(enabled: settings.color, depth: settings.colorDepth)
    while asked < count, let position = order.popFirst() {
      guard let question = QuizQuestion.asks(kind, about: catalog.countries[position], in: catalog) else { continue }
      let answer = await context.interaction.ask(
        said + question.text("\(asked + 1)/\(count)", style: style, names: context.names) + " ")
      said = ""
      guard case .line(let typed) = answer else {
        if answer == .abandoned { status = CtryError(.cancelled, "").exitCode }
        break
      }
      asked += 1
      let verdict = question.judge(typed, in: catalog, names: context.names)
      if verdict.right { score += 1 }
      said = verdict.line + "\n"
      if Task.isCancelled {
        status = CtryError(.cancelled, "").exitCode
        break
      }
    }
    return CommandResult(.text(said + "Score: \(score)/\(asked)"), status: status)
  }
}
