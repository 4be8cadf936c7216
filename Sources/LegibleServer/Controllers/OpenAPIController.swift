import Hummingbird

/// `GET /openapi.yaml`: the OpenAPI 3.1 description of every route.
struct OpenAPIController {
    var endpoints: RouteCollection<LegibleRequestContext> {
        let routes = RouteCollection(context: LegibleRequestContext.self)
        routes.get("openapi.yaml") { _, _ in
            var headers: HTTPFields = [:]
            headers[.contentType] = "application/yaml; charset=utf-8"
            return Response(
                status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: OpenAPIDocument.yaml)))
        }
        return routes
    }
}
