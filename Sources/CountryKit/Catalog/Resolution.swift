/// The outcome of turning something a person typed into one country.
public enum Resolution: Sendable {
  case found(Country)
  case ambiguous([Country])
  case notFound(suggestions: [Country])
}
