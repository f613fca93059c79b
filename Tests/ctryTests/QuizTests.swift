import CtryTestSupport
import Foundation
import Testing

/// `quiz` through the built binary, its answers piped to stdin: with `--seed` the questions are the
/// same on every machine, so a transcript is exact.
@Suite(.ownThread) struct QuizTests {
  let directory = TestPaths.preparedDirectory()

  func quiz(_ arguments: String..., answers: String) throws -> ProcessRunner.Result {
    try ProcessRunner.ctry(["--data-dir", directory, "quiz"] + arguments, stdin: answers)
  }

  /// Each answer is shown after its question, judged with the right answer; a typo is taken with a
  /// note; the score ends it.
  @Test func aSeededTranscript() throws {
    let result = try quiz("capitals", "--count", "3", "--seed", "1", answers: "mexico city\nJamestwn\nRome\n")
    #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
    #expect(
      result.out == """
        1/3 Capital of Mexico? mexico city
        Right: Mexico City.
        2/3 Capital of Saint Helena, Ascension and Tristan da Cunha? Jamestwn
        Right: Jamestown (taking 'Jamestown' for 'Jamestwn').
        3/3 Capital of Vatican City? Rome
        Wrong: Vatican City.
        Score: 2/3

        """)
  }

  /// Another name of a capital (OtherNames' `capital` kind) is right, with its note.
  /// Under `--lang`, questions and verdicts name countries in that language, and its names are answers.
  @Test func inTheLanguageShown() throws {
    let result = try ProcessRunner.ctry(
      ["--data-dir", directory, "--lang", "fr", "quiz", "neighbours", "--count", "2", "--seed", "1"],
      stdin: "Etats-Unis\nFoo\n")
    #expect(
      result.out == """
        1/2 A country bordering Mexique? Etats-Unis
        Right: États-Unis.
        2/2 A country bordering État de la Cité du Vatican? Foo
        Wrong: Italie.
        Score: 1/2

        """, "\(result.err)")
  }

  @Test func aCapitalsOtherName() throws {
    let result = try quiz("capitals", "--count", "1", "--seed", "90", answers: "KIEV\n")
    #expect(result.out.contains("Capital of Ukraine? KIEV\nRight: Kyiv (Kiev is the Russian-derived spelling"))
    #expect(result.out.hasSuffix("Score: 1/1\n"))
  }

  /// Countries are answered in any language, as every command reads them.
  @Test func countriesInAnotherLanguage() throws {
    let flags = try quiz("flags", "--count", "1", "--seed", "1", answers: "Mexique\n")
    #expect(flags.out == "1/1 Which country has this flag? 🇲🇽 Mexique\nRight: Mexico.\nScore: 1/1\n", "\(flags.out)")
    let neighbours = try quiz("neighbours", "--count", "2", "--seed", "3", answers: "Namibie\nAllemagne\n")
    #expect(neighbours.out.contains("A country bordering Botswana? Namibie\nRight: Namibia.\n"))
    #expect(neighbours.out.contains("A country bordering Netherlands? Allemagne\nRight: Germany.\n"))
    #expect(neighbours.out.hasSuffix("Score: 2/2\n"))
  }

  @Test func aTypoOfACountryIsTakenWithANote() throws {
    let result = try quiz("flags", "--count", "1", "--seed", "1", answers: "Mexcio\n")
    #expect(result.out.contains("Right: Mexico (taking 'Mexico' for 'Mexcio')."), "\(result.out)")
  }

  /// A wrong neighbour lists every right one.
  @Test func aWrongAnswerSaysTheRightOnes() throws {
    let result = try quiz("neighbours", "--count", "1", "--seed", "3", answers: "France\n")
    #expect(result.out.contains("Wrong: Namibia, South Africa, Zambia or Zimbabwe.\nScore: 0/1\n"), "\(result.out)")
  }

  /// A name of several countries is wrong, even when one of them is right: `x` is Kosovo's and
  /// Vietnam's code letter, and the tenth question asks for a neighbour of Laos.
  @Test func aNameOfSeveralCountriesIsWrong() throws {
    let result = try quiz("neighbours", "--count", "10", "--seed", "5", answers: String(repeating: "x\n", count: 10))
    #expect(result.out.contains("A country bordering Laos? x\nWrong: "), "\(result.out)")
    #expect(result.out.hasSuffix("Score: 0/10\n"), "\(result.out)")
  }

  @Test func currenciesByCodeOrName() throws {
    let result = try quiz("currencies", "--count", "2", "--seed", "1", answers: "mxn\nsaint helena pund\n")
    #expect(result.out.contains("Currency of Mexico? mxn\nRight: Mexican peso (MXN).\n"), "\(result.out)")
    #expect(
      result.out.contains("Right: Saint Helena pound (SHP) (taking 'Saint Helena pound' for 'saint helena pund')."))
    #expect(result.out.hasSuffix("Score: 2/2\n"))
  }

  /// The end of input before the last question ends the quiz with the score so far, status 0.
  @Test func theEndOfInputEndsItEarly() throws {
    let result = try quiz("capitals", "--count", "5", "--seed", "1", answers: "Mexico City\n")
    #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
    #expect(result.out.hasSuffix("2/5 Capital of Saint Helena, Ascension and Tristan da Cunha? \nScore: 1/1\n"))
    let none = try quiz("flags", answers: "")
    #expect(none.status == 0 && none.out.hasSuffix(" \nScore: 0/0\n"), "\(none.out)")
  }

  /// An answer is text from outside: shown escaped, never as a terminal's control sequence.
  @Test func anAnswerIsShownEscaped() throws {
    let result = try quiz("flags", "--count", "1", "--seed", "1", answers: "\u{1B}[31mred\n")
    #expect(!result.out.contains("\u{1B}") && result.out.contains("\\x1b[31mred\nWrong: Mexico."), "\(result.out)")
  }

  @Test func badArgumentsAreOneLineAndStatus2() throws {
    let kind = try quiz("capitls", answers: "")
    #expect(kind.status == 2 && kind.out.isEmpty)
    #expect(
      kind.err.hasSuffix("got 'capitls' — did you mean 'capitals'?\n") && kind.err.split(separator: "\n").count == 1)
    let count = try quiz("flags", "--count", "0", answers: "")
    #expect(count.status == 2 && count.err == "--count must be from 1 to 100, got 0\n", "\(count.err)")
    let seed = try quiz("flags", "--seed", "x", answers: "")
    #expect(seed.status == 2 && seed.err == "--seed needs a whole number, got 'x'\n", "\(seed.err)")
  }

  /// Commands piped to ctry: the quiz's answers are the lines after it, and the script goes on.
  @Test func inAPipedScriptTheAnswersFollowTheCommand() throws {
    let result = try ProcessRunner.ctry(
      ["--data-dir", directory],
      stdin: "echo before\nquiz capitals --count 2 --seed 1\nMexico City\nRome\necho after\n")
    #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
    #expect(result.out.hasPrefix("before\n1/2 Capital of Mexico? Mexico City\n"))
    #expect(result.out.hasSuffix("Wrong: Jamestown.\nScore: 1/2\nafter\n"), "\(result.out)")
  }

  /// In a script file and in -c commands, answers come from stdin.
  @Test func inAScriptFileTheAnswersComeFromStdin() throws {
    let script = "\(directory)/quiz.ctry"
    try "quiz flags --count 1 --seed 1\necho after\n".write(toFile: script, atomically: true, encoding: .utf8)
    let file = try ProcessRunner.ctry(["--data-dir", directory, script], stdin: "mexico\n")
    #expect(file.status == 0 && file.out.hasSuffix("Right: Mexico.\nScore: 1/1\nafter\n"), "\(file.out)\(file.err)")
    let commands = try ProcessRunner.ctry(
      ["--data-dir", directory, "-c", "quiz flags --count 1 --seed 1", "-c", "echo after"], stdin: "MX\n")
    #expect(commands.status == 0 && commands.out.hasSuffix("Right: Mexico.\nScore: 1/1\nafter\n"), "\(commands.out)")
  }

  /// The quiz is a dialogue: text in every format.
  @Test func jsonIsTheSameDialogue() throws {
    let plain = try quiz("flags", "--count", "1", "--seed", "1", answers: "Mexico\n")
    let json = try ProcessRunner.ctry(
      ["--data-dir", directory, "--json", "quiz", "flags", "--count", "1", "--seed", "1"], stdin: "Mexico\n")
    #expect(json.status == 0 && json.out == plain.out)
  }
}
