// swift-tools-version:6.1
import PackageDescription

/// Compiler settings every Swift target of ours shares.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Legible",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "LegibleImaging", targets: ["LegibleImaging"]),
        .library(name: "LegibleOCR", targets: ["LegibleOCR"]),
        .library(name: "LegiblePDF", targets: ["LegiblePDF"]),
        .library(name: "FormFields", targets: ["FormFields"]),
        .executable(name: "ocrbench", targets: ["ocrbench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
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
            name: "CPoppler", pkgConfig: "poppler-glib",
            providers: [.apt(["libpoppler-glib-dev"])]),
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(
            name: "CPangoCairo", pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"])]),

        // MARK: Wrappers
        .target(
            name: "LegibleImaging",
            dependencies: ["CLeptonica"],
            swiftSettings: strictSettings),
        .target(
            name: "LegibleOCR",
            dependencies: ["LegibleImaging", "CTesseract", "CLeptonica"],
            swiftSettings: strictSettings),
        .target(
            name: "LegiblePDF",
            dependencies: ["LegibleImaging", "CPoppler", "CCairo"],
            swiftSettings: strictSettings,
            // GIO (memory streams) and zlib (object streams) come with Poppler-GLib but are linked explicitly.
            linkerSettings: [.linkedLibrary("gio-2.0"), .linkedLibrary("z")]),

        // MARK: Domain
        .target(
            name: "FormFields",
            dependencies: ["LegiblePDF", "LegibleImaging"],
            swiftSettings: strictSettings),

        // MARK: Executables (argument parsing and printing only)
        .executableTarget(
            name: "ocrbench",
            dependencies: [
                "FormFields", "LegiblePDF",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings),

        // MARK: Tests
        .target(
            name: "TestSupport",
            dependencies: ["LegibleImaging"],
            path: "Tests/TestSupport",
            swiftSettings: strictSettings),
        .testTarget(
            name: "LegibleImagingTests",
            dependencies: ["LegibleImaging", "TestSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "LegibleOCRTests",
            dependencies: ["LegibleOCR", "LegibleImaging", "TestSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "LegiblePDFTests",
            dependencies: ["LegiblePDF", "LegibleImaging", "TestSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "FormFieldsTests",
            dependencies: ["FormFields", "LegiblePDF", "LegibleImaging", "TestSupport"],
            swiftSettings: strictSettings),
    ],
    swiftLanguageModes: [.v6]
)
