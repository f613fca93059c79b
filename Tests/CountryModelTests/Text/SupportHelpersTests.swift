import Foundation
import Synchronization
import Testing

@testable import CountryModel
@testable import CountryNetwork
@testable import CountryStorage
@testable import CtrySystem

/// One helper for each thing done in several places.
@Suite struct SupportHelpersTests {
  @Test func suggestFoldsBothSidesAndKeepsTheCandidateAsGiven() {
    let regions = ["Africa", "Americas", "Antarctic", "Asia", "Europe", "Oceania"]
    #expect(Suggest.closest(to: "eurpe", among: regions, fold: TextFolding.fold) == "Europe")
    #expect(Suggest.closest(to: "OCÉ", among: regions, fold: TextFolding.fold) == "Oceania")
    #expect(Suggest.closest(to: "serch", among: ["search", "set"]) == "search")
    #expect(Suggest.closest(to: "zzzzzz", among: regions, fold: TextFolding.fold) == nil)
  }

  @Test func oneEditLimitAndOneHintWording() {
    #expect((0...12).map(Suggest.editLimit(forLength:)) == [1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3])
    #expect(Suggest.hint(["Niger"]) == "did you mean 'Niger'?")
    #expect(Suggest.hint(["Niger", "Nigeria"]) == "did you mean 'Niger' or 'Nigeria'?")
    #expect(Suggest.hint([]) == nil)
  }

  @Test func exactNameMatchIgnoresCaseAndAccentsButNotPrefixes() {
    let country = Country(
      name: CountryName(common: "Côte d'Ivoire", official: "Republic of Côte d'Ivoire"), cca2: "CI", cca3: "CIV",
      region: "Africa")
    #expect(country.isNamed("cote d'ivoire"))
    #expect(country.isNamed("REPUBLIC OF CÔTE D'IVOIRE"))
    #expect(!country.isNamed("cote"))
    #expect(country.hasCode("civ") && country.hasCode("ci") && !country.hasCode("cote"))
  }

  @Test func currencyLabel() {
    #expect(Currency(name: "Egyptian pound", symbol: "£").label(code: "EGP") == "EGP Egyptian pound (£)")
    #expect(Currency(name: "Nothing", symbol: nil).label(code: "XXX") == "XXX Nothing")
  }

  @Test func durationInSeconds() {
    #expect(Duration.milliseconds(1500).inSeconds == 1.5)
    #expect(Duration.seconds(2).inSeconds == 2)
    #expect(StateDatabase(directory: "/nonexistent", busyTimeout: .milliseconds(250)).busyTimeoutMilliseconds == 250)
  }

  @Test func lazyBuildsOnceUnderContention() async {
    let lazy = Lazy<Int>()
    let builds = Counter()
    await withTaskGroup(of: Int.self) { group in
      for _ in 0..<16 {
        group.addTask {
          lazy.value {
            builds.increment()
            return 42
          }
        }
      }
      for await value in group { #expect(value == 42) }
    }
    #expect(builds.count == 1)
  }
}

private final class Counter: Sendable {
  private let value = Mutex(0)
  func increment() { value.withLock { $0 += 1 } }
  var count: Int { value.withLock { $0 } }
}
