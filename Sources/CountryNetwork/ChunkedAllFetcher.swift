import CountryModel
import CtrySystem
import FoundationEssentials
import Synchronization

/// Shared by the v3.1 and v2 clients, whose `/all` takes at most 10 fields: fetch the fields in
/// concurrent chunks that each include the key field, and merge the records by that key.
struct ChunkedAllFetcher: Sendable {
  let fetcher: RetryingFetcher
  let fields: [String]
  let key: String

  func fetch(validators: [String: Validator], progress: (@Sendable (Int) -> Void)?) async throws(APIError)
    -> (bodies: [Data], validators: [String: Validator], bytes: Int)?
  {
    let others = fields.filter { $0 != key }
    let chunks = stride(from: 0, to: others.count, by: 9).map { [key] + others[$0..<min($0 + 9, others.count)] }
    let urls = chunks.compactMap {
      URL(string: "\(fetcher.configuration.baseURL)/all?fields=\($0.joined(separator: ","))")
    }
    let received = ByteCounter()
    func fetchAll(conditional: Bool) async throws(APIError) -> [(URL, HTTPResponse)] {
      func get(_ index: Int) async throws(APIError) -> HTTPResponse {
        let url = urls[index]
        let headers = conditional ? (validators[URLRedaction.redact(url.absoluteString)]?.headers ?? [:]) : [:]
        return try await fetcher.get(url, headers: headers) { bytes in progress?(received.update(index, bytes)) }
      }
      var responses: [Int: HTTPResponse] = [:]
      var retry: [Int] = []
      do {
        // Concurrently; a chunk that the server answered with a retryable status (5xx, 429) is kept for a
        // second round, any other failure (timeouts included: they already took their time) ends them all.
        try await withThrowingTaskGroup(of: (Int, HTTPResponse?).self) { group in
          for index in urls.indices {
            group.addTask {
              do {
                return (index, try await get(index))
              } catch let error as APIError where error.isRetryable && error.isHTTPStatus {
                return (index, nil)
              }
            }
          }
          for try await (index, response) in group {
            if let response { responses[index] = response } else { retry.append(index) }
          }
        }
      } catch let error as APIError {
        throw error
      } catch {
        throw .transport(.cancelled)
      }
      // The chunks that failed while the others were being fetched get their attempts again, one at a
      // time: a server that fails every other request, or recovers, then answers them.
      for index in retry.sorted() { responses[index] = try await get(index) }
      return urls.indices.compactMap { index in responses[index].map { (urls[index], $0) } }
    }
    var responses = try await fetchAll(conditional: !validators.isEmpty)
    if responses.allSatisfy({ $0.1.status == 304 }) { return nil }
    if responses.contains(where: { $0.1.status == 304 }) { responses = try await fetchAll(conditional: false) }
    if let missing = responses.first(where: { $0.1.status == 404 }) {
      throw .http(status: 404, message: "no data at \(URLRedaction.redact(missing.0.absoluteString))")
    }
    var newValidators: [String: Validator] = [:]
    // Keyed by the redacted URL: validators are stored in the cache metadata.
    for (url, response) in responses { newValidators[URLRedaction.redact(url.absoluteString)] = Validator(response) }
    let bytes = responses.reduce(0) { $0 + $1.1.body.count }
    if bytes > DataLimits.maximumTotalBytes {
      throw .invalid("the responses hold more than the \(DataLimits.maximumTotalBytes / 1_048_576) MB allowed")
    }
    return (responses.map(\.1.body), newValidators, bytes)
  }
}

/// Bytes received per concurrent request, summed for one progress figure.
final class ByteCounter: Sendable {
  private let counts = Mutex<[Int: Int]>([:])

  func update(_ index: Int, _ bytes: Int) -> Int {
    counts.withLock { counts in
      counts[index] = bytes
      return counts.values.reduce(0, +)
    }
  }
}

/// Decodes with errors that name the field path.
func decodeRecords<T: Decodable>(_ type: T.Type, from data: Data) throws(APIError) -> T {
  do {
    return try TapeDecoder.decode(T.self, from: data)
  } catch let error as DecodingError {
    throw .decoding(CountryDecoding.describe(error))
  } catch {
    throw .decoding("\(error)")
  }
}
