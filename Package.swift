// swift-tools-version:6.1
import PackageDescription

/// Compiler settings every Swift target of ours shares.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Legible",
    // The server needs macOS 15 where it is built on a Mac; LegibleClient, the iOS apps' library, needs iOS 16.
    platforms: [.macOS(.v15), .iOS(.v16)],
    products: [
        .library(name: "LegibleImaging", targets: ["LegibleImaging"]),
        .library(name: "LegibleOCR", targets: ["LegibleOCR"]),
        .library(name: "LegibleCodes", targets: ["LegibleCodes"]),
        .library(name: "LegiblePDF", targets: ["LegiblePDF"]),
        .library(name: "SerialScan", targets: ["SerialScan"]),
        .library(name: "FormFields", targets: ["FormFields"]),
        .library(name: "FormFill", targets: ["FormFill"]),
        .library(name: "LegibleServer", targets: ["LegibleServer"]),
        .library(name: "LegibleClient", targets: ["LegibleClient"]),
        .executable(name: "ocrbench", targets: ["ocrbench"]),
        .executable(name: "legible-server", targets: ["legible-server"]),
        .executable(name: "pdffill", targets: ["pdffill"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.0.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        // PostgreSQL for servers that share their state (`--database`).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.21.0"),
        // `/metrics` in Prometheus's text format.
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.0.0"),
        // LegibleClient: the runtime of swift-openapi-generator's code and its URLSession transport.
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.0.0"),
        // `swift package benchmark`. Only the malloc interposer: the ARC runtime interposer's package is not
        // available here (and `.arc` metrics crash without it).
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
        // `swift package generate-documentation`: the DocC catalogues of the public modules.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: C libraries (module map + one header each; Debian -dev packages)
        .systemLibrary(
            name: "CTesseract", pkgConfig: "tesseract",
            providers: [.apt(["libtesseract-dev", "tesseract-ocr-eng"])]),
        .systemLibrary(
            name: "CLeptonica", pkgConfig: "lept",
            providers: [.apt(["libleptonica-dev"])]),
        .systemLibrary(
            name: "CHeif", pkgConfig: "libheif",
            providers: [.apt(["libheif-dev"])]),
        .systemLibrary(
            name: "CZBar", pkgConfig: "zbar",
            providers: [.apt(["libzbar-dev"])]),
        .systemLibrary(
            name: "CPoppler", pkgConfig: "poppler-glib",
            providers: [.apt(["libpoppler-glib-dev"])]),
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(
            name: "CPangoCairo", pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"])]),

        // Tesseract's per-line PNG hand-off stored without compression (a hook on Leptonica's pixWriteMem;
        // a C target with code: see its header).
        .target(name: "CTesseractHandOff", linkerSettings: [.linkedLibrary("lept")]),
        // JPEG decoding straight into Leptonica's pixel layout with libjpeg-turbo (Debian: libjpeg62-turbo-dev).
        .target(name: "CJPEGDecode", linkerSettings: [.linkedLibrary("jpeg")]),
        // The boxes Tesseract's LSTM reads for a single text line (C++: row heights are not in the C API).
        .target(name: "CTesseractLayout", linkerSettings: [.linkedLibrary("tesseract")]),
        // Whether the CPU runs AVX2, for the two kernel targets below.
        .target(name: "CCPUFeatures"),
        // The integer matrix-vector product of Legible's LSTM line reader (SSE2, and AVX2 where present).
        .target(name: "CLSTMKernels", dependencies: ["CCPUFeatures"]),
        // Image loops Leptonica runs a pixel at a time, vectorised (AVX2 where present), with its results.
        .target(name: "CImagingKernels", dependencies: ["CCPUFeatures"]),

        // MARK: Wrappers
        .target(
            name: "LegibleImaging",
            dependencies: ["CLeptonica", "CHeif", "CJPEGDecode", "CImagingKernels"],
            swiftSettings: strictSettings),
        .target(
            name: "LegibleOCR",
            dependencies: [
                "LegibleImaging", "CTesseract", "CLeptonica", "CTesseractHandOff", "CLSTMKernels", "CTesseractLayout",
            ],
            swiftSettings: strictSettings),
        // Barcodes and QR codes (zbar's C API).
        .target(
            name: "LegibleCodes",
            dependencies: ["LegibleImaging", "CZBar"],
            swiftSettings: strictSettings),

        .target(
            name: "LegiblePDF",
            dependencies: ["LegibleImaging", "CPoppler", "CCairo"],
            swiftSettings: strictSettings,
            // GIO (memory streams) and zlib (object streams) come with Poppler-GLib but are linked explicitly.
            linkerSettings: [.linkedLibrary("gio-2.0"), .linkedLibrary("z")]),

        // MARK: Domain
        .target(
            name: "SerialScan",
            dependencies: ["LegibleImaging", "LegibleOCR", "LegibleCodes"],
            // serial.traineddata, Legible's serial-line model (Training/serial-model/).
            resources: [.copy("Models")],
            swiftSettings: strictSettings),
        .target(
            name: "FormFields",
            dependencies: ["LegiblePDF", "LegibleImaging", "LegibleOCR"],
            swiftSettings: strictSettings),
        // Composes filled PDFs; its Cairo/Pango drawing is the one place outside the wrappers with C pointers.
        .target(
            name: "FormFill",
            dependencies: ["FormFields", "LegiblePDF", "LegibleImaging", "CCairo", "CPangoCairo"],
            swiftSettings: strictSettings),

        // MARK: Server
        .target(
            name: "LegibleServer",
            dependencies: [
                "LegibleImaging", "LegibleOCR", "SerialScan", "LegiblePDF", "FormFields", "FormFill",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            // openapi.yaml, the document served at /openapi.yaml and LegibleClient's source.
            resources: [.copy("openapi.yaml")],
            swiftSettings: strictSettings),

        // MARK: Client
        // The iOS apps' library: no engines, no C libraries. Generated/ is written from
        // Sources/LegibleServer/openapi.yaml by Scripts/generate-client.sh and committed.
        .target(
            name: "LegibleClient",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            // Not InternalImportsByDefault: the generated code's imports are plain (Scripts/generate-client.sh).
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),

        // MARK: Tools
        .target(
            name: "LegibleEvaluation",
            dependencies: ["SerialScan", "LegibleOCR", "LegibleImaging", "LegiblePDF", "FormFields", "FormFill"],
            swiftSettings: strictSettings),
        .executableTarget(
            name: "ocrbench",
            dependencies: [
                "LegibleEvaluation", "SerialScan", "FormFields", "FormFill", "LegiblePDF",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings),
        .executableTarget(
            name: "pdffill",
            dependencies: [
                "FormFill", "FormFields", "LegiblePDF",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings),
        .executableTarget(
            name: "legible-server",
            dependencies: [
                "LegibleServer", "SerialScan",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings),

        // MARK: Fuzzing (Fuzz/README.md)
        // The fuzz targets, and `legible-fuzz`: libFuzzer's driver when Scripts/fuzz.sh builds it with
        // -sanitize=fuzzer,address -DLEGIBLE_FUZZING, otherwise a tool that replays inputs through a target.
        .target(
            name: "LegibleFuzzTargets",
            dependencies: ["LegibleImaging", "LegiblePDF", "FormFields", "FormFill", "SerialScan", "LegibleServer"],
            path: "Fuzz/Targets",
            swiftSettings: strictSettings),
        .executableTarget(
            name: "legible-fuzz",
            dependencies: ["LegibleFuzzTargets"],
            path: "Fuzz/Driver",
            swiftSettings: strictSettings),

        // MARK: Tests
        .target(
            name: "TestSupport",
            dependencies: ["LegibleImaging"],
            path: "Tests/TestSupport",
            swiftSettings: strictSettings),
        // The iOS apps' response models as the apps declare them, and the check every server test's responses pass.
        .target(
            name: "AppWireModels",
            path: "Tests/AppWireModels",
            swiftSettings: strictSettings),
        .testTarget(
            name: "LegibleImagingTests",
            dependencies: ["LegibleImaging", "TestSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "LegibleCodesTests",
            dependencies: ["LegibleCodes", "LegibleImaging", "TestSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "LegibleOCRTests",
            dependencies: ["LegibleOCR", "LegibleImaging", "TestSupport"],
            // Decoder fixtures, read through #filePath like TestImages/.
            exclude: ["Fixtures"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "SerialScanTests",
            dependencies: ["SerialScan", "LegibleOCR", "LegibleImaging", "TestSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "LegiblePDFTests",
            dependencies: ["LegiblePDF", "LegibleImaging", "TestSupport"],
            swiftSettings: strictSettings),
        // Every committed fuzz finding and seed replayed through its target, without the fuzzer.
        .testTarget(
            name: "FuzzRegressionTests",
            dependencies: ["LegibleFuzzTargets", "TestSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "FormFieldsTests",
            dependencies: ["FormFields", "LegiblePDF", "LegibleImaging", "TestSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "FormFillTests",
            dependencies: ["FormFill", "FormFields", "LegiblePDF", "LegibleOCR", "LegibleImaging", "TestSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "LegibleEvaluationTests",
            dependencies: ["LegibleEvaluation", "LegibleImaging", "SerialScan", "TestSupport"],
            swiftSettings: strictSettings),
        // LegibleClient against this build's legible-server, started as a process.
        .testTarget(
            name: "LegibleClientTests",
            dependencies: [
                "LegibleClient", "LegiblePDF", "TestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSettings),
        .testTarget(
            name: "LegibleServerTests",
            dependencies: [
                "LegibleServer", "LegiblePDF", "AppWireModels",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings),
    ],
    swiftLanguageModes: [.v6]
)

// MARK: Benchmarks (`swift package benchmark`; Benchmarks/<Suite>/<Suite>.swift)

for suite in ["Imaging", "Recognition", "Serials", "Pages", "Forms"] {
    package.targets.append(
        .executableTarget(
            name: "\(suite)Benchmarks",
            dependencies: [
                "LegibleImaging", "LegibleOCR", "SerialScan", "LegiblePDF", "FormFields", "FormFill",
                "LegibleEvaluation", "TestSupport",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/\(suite)",
            swiftSettings: strictSettings,
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]))
}
