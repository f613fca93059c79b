import CountryModel
import CountryStorage
import CtrySystem
import Synchronization

/// The home country: a saved choice, else inferred from the machine, else Egypt.
public struct HomeService: Sendable {
  public let store: HomeStore
  public let inference: HomeInference
  /// The machine does not change while ctry runs: infer once (reading zone.tab is not free).
  private let inferred = Lazy<HomeChoice>()

  public init(store: HomeStore, inference: HomeInference) {
    self.store = store
    self.inference = inference
  }

  /// The current home country in `catalog`, what decided it, and a warning if the saved choice was
  /// unreadable (then the inferred country is used); nil when the data has none of the saved, the
  /// inferred and the fallback country (a refresh dropped them).
  public func current(in catalog: CountryCatalog) -> (country: Country, source: HomeSource, warning: String?)? {
    let saved: (code: String?, warning: String?)
    do {
      saved = try store.saved()
    } catch {
      saved = (nil, "warning: \(error.message); the saved home country, if any, is not used")
    }
    if let code = saved.code, let country = catalog.country(cca3: code) {
      return (country, .saved, saved.warning)
    }
    let inferred = self.inferred.value { inference.infer() }
    if let country = catalog.country(code: inferred.code) {
      return (country, inferred.source, saved.warning)
    }
    return catalog.country(code: HomeInference.fallbackCode).map { ($0, .fallback, saved.warning) }
  }
}
