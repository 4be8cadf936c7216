import AppWireModels
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting

/// A test client that holds every response to the apps' wire models (`AppContract`): a body an app could not
/// decode throws `ContractViolation`, naming the request and the body, and so fails the test that received it.
struct ContractCheckedClient: TestClientProtocol {
    let inner: any TestClientProtocol

    init(_ inner: any TestClientProtocol) {
        self.inner = inner
    }

    var port: Int? { inner.port }

    func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?)
        async throws -> TestResponse
    {
        let response = try await inner.executeRequest(uri: uri, method: method, headers: headers, body: body)
        try AppContract.check(
            method: method.rawValue, path: uri, status: Int(response.status.code), body: Data(buffer: response.body))
        return response
    }
}
