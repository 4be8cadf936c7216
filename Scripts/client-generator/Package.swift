// swift-tools-version:6.1
// Builds Apple's swift-openapi-generator command for `Scripts/generate-client.sh`, which writes LegibleClient's
// generated code from Sources/LegibleServer/openapi.yaml. Kept apart from the main package so that apps which
// depend on LegibleClient never build the generator.
import PackageDescription

let package = Package(
    name: "client-generator",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3")
    ]
)
