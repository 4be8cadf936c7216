import Foundation
import SerialScan
import Synchronization
import Testing
import TestSupport

@testable import LegibleEvaluation

@Suite("Perf: memory and CPU readings")
struct ProcessReadingTests {
    @Test func readsKilobyteValuesFromProcStatus() {
        let status = """
            Name:\tocrbench
            VmPeak:\t  912340 kB
            VmHWM:\t  142336 kB
            VmRSS:\t   98304 kB
            Threads:\t4
            """
        #expect(ProcessMemory.value(of: "VmHWM", inStatus: status) == 142_336 * 1024)
        #expect(ProcessMemory.value(of: "VmRSS", inStatus: status) == 98_304 * 1024)
        #expect(ProcessMemory.value(of: "VmSwap", inStatus: status) == nil)
        #expect(ProcessMemory.value(of: "Threads", inStatus: status) == nil)  // not kB
        #expect(ProcessMemory.value(of: "VmRSS", inStatus: "") == nil)
    }

    @Test func readsThisProcessOnLinux() throws {
        // Resident size first: the high-water mark read after it can only be as large or larger.
        let now = try #require(ProcessMemory.residentBytes)
        let peak = try #require(ProcessMemory.peakResidentBytes)
        #expect(now > 0)
        #expect(peak >= now)
        #expect(ProcessCPUTime.now() != nil)
    }

    @Test func readsCPUTimesAfterAProcessNameWithSpacesAndParentheses() throws {
        // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime
        let stat = "4242 (ocr (bench) x) R 1 4242 4242 0 -1 4194304 500 0 0 0 250 50 1000 200 20 0 4 0\n"
        let times = try #require(ProcessCPUTime.parse(stat: stat, ticksPerSecond: 100))
        #expect(times.ownSeconds == 3)
        #expect(times.childrenSeconds == 12)
        #expect(ProcessCPUTime.parse(stat: "garbage", ticksPerSecond: 100) == nil)
        #expect(ProcessCPUTime.parse(stat: "1 (x) R 1 2", ticksPerSecond: 100) == nil)
    }

    @Test func readsTheOneMinuteLoadAverage() {
        #expect(MachineLoad.parse(loadavg: "3.33 3.28 3.11 2/412 31881\n") == 3.33)
        #expect(MachineLoad.parse(loadavg: "") == nil)
        #expect(MachineLoad.oneMinute() != nil)
    }

    @Test func recognizerMemoryIsGrowthPerEngine() {
        let mb = 1_000_000
        let memory = RecognizerMemory(before: 50 * mb, afterFirst: 70 * mb, afterFurther: 100 * mb, furtherEngines: 2)
        #expect(memory.firstMegabytes == 20)
        #expect(memory.eachFurtherMegabytes == 15)
        let unknown = RecognizerMemory(before: nil, afterFirst: nil, afterFurther: nil, furtherEngines: 2)
        #expect(unknown.firstMegabytes == nil)
        #expect(unknown.eachFurtherMegabytes == nil)
    }
}

@Suite("Perf: aggregation and report")
struct PerfAggregationTests {
    @Test func summarisesLatency() {
        let summary = LatencySummary(milliseconds: [40, 10, 30, 20, 100])
        #expect(summary.count == 5)
        #expect(summary.p50Milliseconds == 30)
        #expect(abs(summary.p90Milliseconds - 76) < 1e-9)  // between 40 and 100 at 0.6
        #expect(summary.meanMilliseconds == 40)
        let empty = LatencySummary(milliseconds: [])
        #expect(empty.count == 0 && empty.p50Milliseconds == 0 && empty.meanMilliseconds == 0)
    }

    @Test func throughputIsComparedWithOneEngine() {
        let runs = PoolThroughput.withSpeedups([
            PoolThroughput(poolSize: 2, photos: 100, seconds: 5.5, cpuSeconds: 11),
            PoolThroughput(poolSize: 1, photos: 100, seconds: 10, cpuSeconds: 9.5),
        ])
        #expect(runs.map(\.poolSize) == [1, 2])
        #expect(runs[0].photosPerSecond == 10)
        #expect(runs[0].speedupVsOneEngine == 1)
        #expect(abs((runs[1].speedupVsOneEngine ?? 0) - 10 / 5.5) < 1e-9)
        #expect(runs[1].coresBusy == 2)
        #expect(runs[0].coresBusy == 0.95)

        let noSingle = PoolThroughput.withSpeedups([PoolThroughput(poolSize: 2, photos: 10, seconds: 1)])
        #expect(noSingle[0].speedupVsOneEngine == nil)
        #expect(noSingle[0].coresBusy == nil)
        #expect(PoolThroughput(poolSize: 1, photos: 3, seconds: 0).photosPerSecond == 0)
    }

    @Test func samplesPhotosEvenly() {
        let photos = (0..<10).map { URL(fileURLWithPath: "/p/\($0).jpg") }
        #expect(PerfBenchmark.sample(photos, limit: nil) == photos)
        #expect(PerfBenchmark.sample(photos, limit: 20) == photos)
        #expect(PerfBenchmark.sample(photos, limit: 5).map(\.lastPathComponent) == ["0.jpg", "2.jpg", "4.jpg", "6.jpg", "8.jpg"])
        #expect(PerfBenchmark.sample(photos, limit: 1).map(\.lastPathComponent) == ["0.jpg"])
    }

    @Test func averagesStageTimes() {
        var stages = StageTimes()
        #expect(stages.means.isEmpty)
        var timings = SerialScanTimings()
        timings.decode = 2
        timings.recognize = 10
        stages.add(timings)
        timings.decode = 4
        timings.recognize = 30
        stages.add(timings)
        #expect(stages.means["decode"] == 3)
        #expect(stages.means["recognize"] == 20)
        #expect(stages.means["rank"] == 0)
    }

    func report(cli: LatencySummary?) -> PerfReport {
        PerfReport(
            photos: 4, passes: 1, photoSource: "/photos", preset: "auto", cores: 2, tesseractVersion: "5.3.0",
            latency: LatencySummary(milliseconds: [10, 20, 30, 40]), latencyByPreset: [:],
            stageMeanMilliseconds: ["decode": 1], failures: 0, tesseractCLI: cli,
            tesseractCLIEnvironment: "OMP_THREAD_LIMIT=1",
            throughput: [PoolThroughput(poolSize: 1, photos: 4, seconds: 1)], tesseractCLIThroughput: [],
            peakResidentMegabytes: 120, recognizerMemory: RecognizerMemory(
                before: 0, afterFirst: 20_000_000, afterFurther: 50_000_000, furtherEngines: 2))
    }

    @Test func jsonIsOneObjectWithTheAgreedKeys() throws {
        let cli = LatencySummary(milliseconds: [200, 250, 300])
        let object = try #require(
            try JSONSerialization.jsonObject(with: report(cli: cli).jsonData()) as? [String: Any])
        #expect(object["p50Milliseconds"] as? Double == 25)
        #expect(object["p90Milliseconds"] as? Double == 37)
        #expect(object["speedupVsTesseractCLI"] as? Double == 10)  // 250 / 25
        #expect(object["deviceHints"] as? Bool == false)
        let throughput = try #require(object["throughput"] as? [[String: Any]])
        #expect(throughput.first?["poolSize"] as? Int == 1)
        #expect(throughput.first?["photosPerSecond"] as? Double == 4)
        #expect(throughput.first?["speedupVsOneEngine"] as? Double == 1)
        #expect(throughput.first?.keys.contains("coresBusy") == true)
        #expect(object["peakResidentMegabytes"] as? Double == 120)

        // Without the CLI the key is still there, as null.
        let withoutCLI = try #require(
            try JSONSerialization.jsonObject(with: report(cli: nil).jsonData()) as? [String: Any])
        #expect(withoutCLI.keys.contains("speedupVsTesseractCLI"))
        #expect(withoutCLI["speedupVsTesseractCLI"] is NSNull)
        #expect(!report(cli: nil).text.isEmpty)

        // It reads back.
        let decoded = try JSONDecoder().decode(PerfReport.self, from: report(cli: cli).jsonData())
        #expect(decoded == report(cli: cli))
    }
}

@Suite("Perf: runs")
struct PerfRunTests {
    @Test func workerThreadsRunEachIndexOnce() async {
        let seen = Mutex<[Int]>([])
        await WorkerThreads.run(count: 50, workers: 3) { index in seen.withLock { $0.append(index) } }
        #expect(seen.withLock { $0.sorted() } == Array(0..<50))
        await WorkerThreads.run(count: 0, workers: 2) { _ in Issue.record("no work expected") }
    }

    @Test func measuresLegibleAndTheCLIOnTheSamePhotos() async throws {
        let photos = [Fixtures.image("text/serial-line.png"), Fixtures.image("text/dark-mode.png")]
        let steps = Mutex(0)
        let benchmark = PerfBenchmark(poolSizes: [1, 2])
        let report = try await benchmark.run(
            photos: photos, presets: ["serial-line.png": "sticker"], source: "fixtures"
        ) { steps.withLock { $0 += 1 } }

        #expect(steps.withLock { $0 } == benchmark.steps(photoCount: 2))
        #expect(report.photos == 2)
        #expect(report.latency.count == 2)
        #expect(report.failures == 0)
        #expect(report.latencyByPreset["sticker"]?.count == 1)
        #expect(report.latencyByPreset["screen"]?.count == 1)  // detected for the photo without a manifest entry
        #expect(report.p50Milliseconds > 0)
        #expect(report.tesseractCLI?.count == 2)
        #expect(report.speedupVsTesseractCLI != nil)
        #expect(report.throughput.map(\.poolSize) == [1, 2])
        #expect(report.tesseractCLIThroughput.map(\.poolSize) == [1, 2])
        #expect(report.throughput.allSatisfy { $0.photos == 2 && $0.photosPerSecond > 0 })
        #expect((report.peakResidentMegabytes ?? 0) > 0)
        #expect(report.recognizerMemory.eachFurtherMegabytes != nil)  // its size depends on what other tests freed
    }
}
