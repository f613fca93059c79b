/// What ctry accepts from a server: the clients check the sizes while they fetch, the refresh checks
/// the whole dataset before it replaces the data.
public enum DataLimits {
  /// The smallest dataset accepted from a server.
  public static let minimumCount = 200
  /// The largest: more countries than this is not a country list.
  public static let maximumCount = 1_000
  /// The longest string in a record, in UTF-8 bytes.
  public static let maximumStringBytes = 4_096
  /// The text of the whole dataset (the UTF-8 bytes of its strings), and the sum of a refresh's response
  /// bodies.
  public static let maximumTotalBytes = 32 * 1_048_576
  /// Requests one refresh may send in all, retries included.
  public static let maximumRequests = 250

  /// Why `count` records are not a country list, when they are more than `maximumCount`. The refresh
  /// checks the whole dataset with it, and `ChunkedRecords` each chunk before decoding any record.
  public static func tooMany(_ count: Int) -> String? {
    count > maximumCount ? "\(count) countries, more than the \(maximumCount) allowed" : nil
  }
}
