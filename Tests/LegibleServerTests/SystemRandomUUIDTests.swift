import Foundation
import Testing

@testable import LegibleServer

@Suite("Job and document ids")
struct SystemRandomUUIDTests {
    /// Ids are version-4 UUIDs (the version and variant bits set), all different.
    @Test func idsAreRandomVersionFourUUIDs() {
        let ids = (0..<10_000).map { _ in UUID.systemRandom() }
        #expect(Set(ids).count == ids.count)
        for id in ids.prefix(100) {
            let text = id.uuidString
            #expect(Array(text)[14] == "4")
            #expect("89AB".contains(Array(text)[19]))
        }
    }
}
