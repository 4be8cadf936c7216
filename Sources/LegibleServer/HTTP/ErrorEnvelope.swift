import Foundation
import Hummingbird

/// The wire shape of every error body.
struct ErrorEnvelope: Codable, Equatable {
    struct Body: Codable, Equatable {
        var code: String
        var message: String
        var statusCode: Int
    }

    var error: Body
}
