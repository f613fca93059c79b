import CountryModel

/// A tiny timing helper: repeat a body, keep every sample, summarise.

/// Summary of timing samples, in milliseconds.
struct Stats: Encodable {
  var unit = "ms"
  var iterations: Int
  var min: Double
  var median: Double
  var max: Double
  var mean: Double
  var p50: Double
  var p99: Double

  init(_ samples: [Double]) {
    precondition(!samples.isEmpty, "no samples")
    let sorted = samples.sorted()
    iterations = sorted.count
    min = sorted[0]
    max = sorted[sorted.count - 1]
    mean = sorted.reduce(0, +) / Double(sorted.count)
    median =
      sorted.count % 2 == 1
      ? sorted[sorted.count / 2]
      : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    p50 = Self.percentile(sorted, 50)
    p99 = Self.percentile(sorted, 99)
  }

  /// Nearest-rank percentile of sorted samples.
  static func percentile(_ sorted: [Double], _ p: Double) -> Double {
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
    return sorted[Swift.max(0, Swift.min(sorted.count - 1, rank - 1))]
  }

  /// The same figures divided by `n` (per-operation figures from timings of batches of n).
  func divided(by n: Int) -> Stats {
    var copy = self
    let d = Double(n)
    (copy.min, copy.median, copy.max, copy.mean, copy.p50, copy.p99) =
      (min / d, median / d, max / d, mean / d, p50 / d, p99 / d)
    return copy
  }
}

extension Duration {
  var milliseconds: Double { inSeconds * 1e3 }
}

/// Keeps results alive so the optimizer cannot drop the work that made them.
@inline(never)
func blackHole<T>(_ value: T) {
  withUnsafePointer(to: value) { pointer in
    if UInt(bitPattern: pointer) == 1 { print("unreachable") }
  }
}

let clock = ContinuousClock()

/// How often to repeat a measure: at least `minimum` timed runs, then more until `maximum` runs or until
/// the timed runs have taken `budget` seconds, so a slow measure still finishes in bounded time.
struct Repeats {
  var warmup: Int
  var minimum: Int
  var maximum: Int
  var budget: Double

  init(warmup: Int, minimum: Int, maximum: Int, budget: Double) {
    self.warmup = warmup
    self.minimum = Swift.max(1, Swift.min(minimum, maximum))
    self.maximum = Swift.max(1, maximum)
    self.budget = budget
  }
}

/// Runs `body` `warmup` times untimed, then timed as `repeats` says; one sample per call.
func measure(_ repeats: Repeats, _ body: () throws -> Void) rethrows -> [Double] {
  for _ in 0..<repeats.warmup { try body() }
  var samples: [Double] = []
  var spent = 0.0
  while samples.count < repeats.maximum, samples.count < repeats.minimum || spent < repeats.budget * 1000 {
    let start = clock.now
    try body()
    let sample = (clock.now - start).milliseconds
    samples.append(sample)
    spent += sample
  }
  return samples
}
