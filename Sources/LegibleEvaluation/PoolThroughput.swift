/// Photos per second with a given number of engines (or, for the `tesseract` CLI, processes at once), and
/// how that compares with one.
public struct PoolThroughput: Sendable, Hashable, Codable {
    /// Engines in the pool (Legible) or processes run at once (CLI).
    public var poolSize: Int
    /// Photos scanned in the timed run.
    public var photos: Int
    /// Wall-clock time of the run, in seconds.
    public var seconds: Double
    /// `photos / seconds`.
    public var photosPerSecond: Double
    /// CPU time used during the run (the process's own for Legible, its children's for the CLI), in
    /// seconds; nil where it cannot be read.
    public var cpuSeconds: Double?
    /// `cpuSeconds / seconds`: how many cores were busy on average. Near the pool size means the engines ran
    /// in parallel; near 1 with a larger pool means something serialised them (or other load took the cores).
    public var coresBusy: Double? { cpuSeconds.map { seconds > 0 ? $0 / seconds : 0 } }
    /// This throughput over the throughput with one engine (or process) in the same run; nil when the run
    /// has no pool size of 1.
    public var speedupVsOneEngine: Double?

    /// Creates a measurement; the speed-up is filled in by ``withSpeedups(_:)``.
    public init(poolSize: Int, photos: Int, seconds: Double, cpuSeconds: Double? = nil) {
        self.poolSize = poolSize
        self.cpuSeconds = cpuSeconds
        self.photos = photos
        self.seconds = seconds
        self.photosPerSecond = seconds > 0 ? Double(photos) / seconds : 0
        self.speedupVsOneEngine = nil
    }

    /// `runs` sorted by pool size, each with its speed-up over the run with a pool size of 1.
    public static func withSpeedups(_ runs: [PoolThroughput]) -> [PoolThroughput] {
        let sorted = runs.sorted { $0.poolSize < $1.poolSize }
        let single = sorted.first { $0.poolSize == 1 }?.photosPerSecond
        return sorted.map { run in
            var run = run
            if let single, single > 0 { run.speedupVsOneEngine = run.photosPerSecond / single }
            return run
        }
    }

    private enum CodingKeys: String, CodingKey {
        case poolSize, photos, seconds, photosPerSecond, cpuSeconds, coresBusy, speedupVsOneEngine
    }

    /// Decodes a measurement (`coresBusy` is derived, so it is not read).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        poolSize = try container.decode(Int.self, forKey: .poolSize)
        photos = try container.decode(Int.self, forKey: .photos)
        seconds = try container.decode(Double.self, forKey: .seconds)
        photosPerSecond = try container.decode(Double.self, forKey: .photosPerSecond)
        cpuSeconds = try container.decodeIfPresent(Double.self, forKey: .cpuSeconds)
        speedupVsOneEngine = try container.decodeIfPresent(Double.self, forKey: .speedupVsOneEngine)
    }

    /// Encodes every field, `coresBusy` included; absent values as `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(poolSize, forKey: .poolSize)
        try container.encode(photos, forKey: .photos)
        try container.encode(seconds, forKey: .seconds)
        try container.encode(photosPerSecond, forKey: .photosPerSecond)
        try container.encode(cpuSeconds, forKey: .cpuSeconds)
        try container.encode(coresBusy, forKey: .coresBusy)
        try container.encode(speedupVsOneEngine, forKey: .speedupVsOneEngine)
    }
}
