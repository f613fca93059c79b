import CountryKit
import CountryModel
import Foundation
import FuzzSupport

// A REST Countries payload through decoding (the v3.1 array the cache and the API share, read by
// TapeDecoder, ctry's one JSON reader) and the validation a refresh applies before the data may
// replace the snapshot.
func test(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let body = FuzzDriver.bytes(data, count)
  if let countries = try? CountryDecoding.decodeList(body, origin: "fuzz") {
    _ = Refresher.validate(countries)
    _ = countries.map(\.flagEmoji)
    _ = try? JSONEncoder().encode(countries)
  }
  if let one = try? CountryDecoding.record(body) {
    _ = Refresher.validate([one])
  }
  return 0
}

exit(FuzzDriver.run { test($0, $1) })
