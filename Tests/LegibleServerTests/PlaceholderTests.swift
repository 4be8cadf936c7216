import Testing
import HummingbirdTesting
@testable import LegibleServer
@Test func placeholder() {}
