/// The outcome of turning something a person typed into one country.
public enum Resolution: Sendable {
  /// One country, and how the text was read.
  case found(Country, Reading)
  case ambiguous([Country])
  case notFound(suggestions: [Country])
}

/// How a text was taken to mean a country: the facts a command words as a note on stderr.
public enum Reading: Sendable, Equatable {
  /// One of its names or codes (or its flag emoji), as typed.
  case asTyped
  /// Another name for it (`OtherNames`: England, Burma, ROK), with the table's note.
  case otherName(note: String)
  /// A typo: the only country within the edit distance `search` tolerates (`swizerland`).
  case typo
}
