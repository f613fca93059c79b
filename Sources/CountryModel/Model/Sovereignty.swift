/// How a country stands, in words for its card: a sovereign state, part of another state, a
/// dependency, or disputed; whether it is independent and in the UN.
///
/// The facts are the record's (`independent`, `unMember`, `parent`, `dependencyType`, `disputed`);
/// only the wording is here. The kinds of territory below are the ones the bundled data uses
/// (`DEPENDENCY_KINDS` in `Scripts/dataset/corrections.py`; a test checks the two lists agree).
/// A kind this list does not know (the v5 API may name others) is worded as a dependency.
public enum Sovereignty {
  /// Kinds whose land is part of the sovereign state itself: "part of the French Republic".
  public static let partKinds: Set<String> = [
    "autonomous territory", "autonomous region", "constituent country", "special municipalities",
    "overseas department", "overseas collectivity", "sui generis collectivity", "overseas territory",
    "special administrative region", "unincorporated area", "external territory",
  ]
  /// Self-governing states in free association with their `parent`.
  public static let associationKinds: Set<String> = ["free association"]
  /// Dependencies outside the sovereign state proper: "dependency of the United Kingdom of …".
  public static let dependencyKinds: Set<String> = [
    "British Overseas Territory", "Crown dependency", "unincorporated territory", "dependent territory", "dependency",
  ]
  /// Kinds with no sovereign state.
  public static let unclaimedKinds: Set<String> = ["Antarctic Treaty area"]

  /// Every kind worded here.
  public static var knownKinds: Set<String> {
    partKinds.union(associationKinds).union(dependencyKinds).union(unclaimedKinds)
  }

  /// `part of the Kingdom of Denmark (autonomous territory); not independent; not a UN member`,
  /// `sovereign state; UN member`; nil when the record says nothing about its status. `sovereign`
  /// is the `parent`'s record, when the catalog has it.
  public static func describe(_ country: Country, sovereign: Country?) -> String? {
    var parts: [String] = []
    let kind = country.dependencyType
    if let parent = country.parent {
      let name = sovereign.map(formalName) ?? parent
      if let kind, partKinds.contains(kind) {
        parts.append("part of \(name) (\(kind))")
      } else if let kind, associationKinds.contains(kind) {
        parts.append("self-governing, in free association with \(name)")
      } else if let kind, kind != "dependency" {
        parts.append("dependency of \(name) (\(kind))")
      } else {
        parts.append("dependency of \(name)")
      }
    } else if country.disputed == true {
      parts.append(country.independent == true ? "independent, partially recognised" : "disputed, partially recognised")
    } else if country.independent == true {
      parts.append("sovereign state")
    } else if let kind {
      parts.append(unclaimedKinds.contains(kind) ? "\(kind), no sovereign state" : kind)
    }
    if country.independent == false, country.disputed != true { parts.append("not independent") }
    if let member = country.unMember { parts.append(member ? "UN member" : "not a UN member") }
    return parts.isEmpty ? nil : parts.joinedText(separator: "; ")
  }

  /// `the Kingdom of Denmark`; `New Zealand`, whose official name is its name.
  static func formalName(_ country: Country) -> String {
    let official = country.name.official
    return official == country.name.common ? official : "the \(official)"
  }
}
