import Foundation
import Hummingbird

/// Answer of `process` and `compose`: the document's new status and the job doing the work.
struct DocumentJobResponse: ResponseEncodable, Decodable {
    var documentId: String
    var status: String
    var jobId: String
}
