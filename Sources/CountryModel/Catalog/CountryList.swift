/// A catalog's countries in name order, decoded on first read when the catalog came from the snapshot.
///
/// Indexing decodes one record (`details` reads one, `search` its hits); iterating the whole list
/// decodes the rest once. Counting never decodes.
public struct CountryList: RandomAccessCollection, Sendable, Encodable {
  package let records: CountryRecords

  public var startIndex: Int { 0 }
  public var endIndex: Int { records.count }
  public subscript(position: Int) -> Country { records[position] }

  /// Every country, decoded.
  public var array: [Country] { records.all }

  public func encode(to encoder: any Encoder) throws {
    try array.encode(to: encoder)
  }
}
