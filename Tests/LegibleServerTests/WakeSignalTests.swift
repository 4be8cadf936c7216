import Foundation
import Testing

@testable import LegibleServer

/// Every wait on the wake signal returns, whichever of notification, timeout, cancellation or closing ends it,
/// and none is left registered: a waiter left behind is a job worker that never takes work again.
@Suite("Wake signal", .timeLimit(.minutes(1)))
struct WakeSignalTests {
    @Test func everyWaitReturnsAndNoneIsLeftWaiting() async throws {
        let signal = WakeSignal()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<2000 {
                group.addTask {
                    switch index % 4 {
                    case 0: await signal.wait(timeout: 0.001)
                    case 1:
                        let waiting = Task { await signal.wait(timeout: 600) }
                        waiting.cancel()
                        await waiting.value
                    default: await signal.wait(timeout: 600)
                    }
                }
                if index % 4 == 2 { group.addTask { await signal.notify() } }
            }
            // The waits left (notified ones raced by earlier arrivals) end when the signal closes.
            group.addTask {
                while await signal.waiting < 500 { try? await Task.sleep(for: .milliseconds(5)) }
                await signal.close()
            }
            await group.waitForAll()
        }
        #expect(await signal.waiting == 0)
    }

    @Test func aNotificationBeforeTheWaitLetsItReturnAtOnce() async throws {
        let signal = WakeSignal()
        await signal.notify()
        await signal.wait(timeout: 600)
        #expect(await signal.waiting == 0)
    }
}
