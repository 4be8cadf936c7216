import Foundation
import LegibleImaging
import LegibleOCR
import Testing
import TestSupport

@Suite("Recognizer pool")
struct RecognizerPoolTests {
    static let files = ["text/paragraph.png", "text/serial-line.png", "text/invoice.jpg", "text/dark-mode.png"]

    @Test func concurrentResultsEqualSequentialOnes() async throws {
        let images = try Self.files.map { try Image(contentsOf: Fixtures.image($0).path) }
        let sequential = try Recognizer()
        let expected = try images.map { try sequential.recognize($0) }

        let pool = try RecognizerPool(size: 2)
        #expect(pool.size == 2)
        // Three rounds of every image at once: more tasks than engines, so tasks wait their turn.
        let results = try await withThrowingTaskGroup(of: (Int, RecognitionResult).self) { group in
            for round in 0..<3 {
                for (index, image) in images.enumerated() {
                    group.addTask {
                        let result = try await pool.withRecognizer { try $0.recognize(image) }
                        return (round * images.count + index, result)
                    }
                }
            }
            var collected: [Int: RecognitionResult] = [:]
            for try await (key, result) in group { collected[key] = result }
            return collected
        }
        #expect(results.count == 3 * images.count)
        for (key, result) in results { #expect(result == expected[key % images.count]) }
        #expect(pool.busyCount == 0 && pool.waitingCount == 0)
    }

    @Test func errorsInTheBodyReturnTheEngine() async throws {
        let pool = try RecognizerPool(size: 1)
        struct Expected: Error {}
        await #expect(throws: Expected.self) { try await pool.withRecognizer { _ in throw Expected() } }
        let text = try await pool.withRecognizer { recognizer in
            try recognizer.recognize(Image(contentsOf: Fixtures.image("text/serial-line.png").path)).text
        }
        #expect(text.contains("Serial"))
        #expect(pool.busyCount == 0)
    }

    @Test func aCancelledWaiterTakesNoEngine() async throws {
        let pool = try RecognizerPool(size: 1)
        let gate = DispatchSemaphore(value: 0)
        // Hold the only engine until released.
        let holder = Task { try await pool.withRecognizer { _ in gate.wait() } }
        while pool.busyCount == 0 { await Task.yield() }
        let waiter = Task { try await pool.withRecognizer { _ in 1 } }
        while pool.waitingCount == 0 { await Task.yield() }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(pool.waitingCount == 0)
        gate.signal()
        try await holder.value
        #expect(try await pool.withRecognizer { _ in 2 } == 2)
    }

    @Test func limitsOpenMPThreads() throws {
        _ = try RecognizerPool(size: 1)
        #expect(Recognizer.isOpenMPLimited)
        #expect(ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] != nil)
    }

    @Test func limitsOpenMPThreadsOnTheEnginesOwnThreads() async throws {
        // libgomp keeps max-active-levels per thread: engines run on the pool's threads, not the one that
        // started them, and must not fan out into OpenMP threads there.
        let pool = try RecognizerPool(size: 2)
        let image = try Image(contentsOf: Fixtures.image("text/serial-line.png").path)
        let limited = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try await pool.withRecognizer { recognizer in
                        _ = try recognizer.recognize(image, mode: .singleLine)
                        return Recognizer.isOpenMPLimited
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(limited == [true, true, true, true])
    }

    @Test func rejectsAnEmptyPool() {
        #expect(throws: OCRError.invalidConfiguration("pool size 0 must be at least 1")) {
            try RecognizerPool(size: 0)
        }
    }
}
