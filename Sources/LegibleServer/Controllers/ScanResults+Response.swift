import Hummingbird

/// `POST /process-serial` answers with the results object itself.
extension ScanResults: ResponseEncodable {}
