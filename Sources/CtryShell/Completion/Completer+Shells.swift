import CountryModel

extension Completer {
  /// Candidates for a shell's own completion (bash, zsh, fish), which replaces only the word at the
  /// cursor: the shell's completion of `line` (the command line after `ctry` and its options, up
  /// to the cursor), each given from where the shell's current word `current` (the end of `line`)
  /// begins. A name typed over several words completes as in the interactive shell:
  /// `details United K` → `Kingdom`, `details bosnia and h` → `Herzegovina`, `details cote` →
  /// `Côte d'Ivoire`.
  package func shellCandidates(line: String, current: String) -> [String] {
    let completion = complete(line)
    let length = line.count
    let currentStart = max(0, length - current.count)
    let characters = Array(line)
    if currentStart < completion.replaceStart {
      // `--region=Eu`, a word to zsh and fish: the candidates keep the `--region=` before the value.
      let lead = String(characters[currentStart..<min(completion.replaceStart, characters.count)])
      return completion.candidates.map { lead + $0 }
    }
    guard currentStart > completion.replaceStart else { return completion.candidates }
    let before = String(characters[completion.replaceStart..<currentStart])
    let typedWords = Self.words(of: before).map { TextFolding.fold(String($0.text)) }
    return completion.candidates.compactMap { Self.remainder(of: $0, after: typedWords) }
  }

  /// What is left of `candidate` after its first words, when they start with `typedWords` in order.
  static func remainder(of candidate: String, after typedWords: [String]) -> String? {
    let words = Self.words(of: candidate)
    guard words.count > typedWords.count else { return nil }
    for (word, typed) in zip(words, typedWords) where !TextFolding.fold(String(word.text)).hasPrefix(typed) {
      return nil
    }
    return String(candidate[words[typedWords.count].start...])
  }

  /// The words of `text`: runs of letters and digits, with where each starts.
  static func words(of text: String) -> [(text: Substring, start: String.Index)] {
    var result: [(text: Substring, start: String.Index)] = []
    var start: String.Index?
    for index in text.indices {
      let character = text[index]
      if character.isLetter || character.isNumber {
        if start == nil { start = index }
      } else if let begun = start {
        result.append((text[begun..<index], begun))
        start = nil
      }
    }
    if let begun = start { result.append((text[begun...], begun)) }
    return result
  }
}
