// swift-tools-version: 6.1
import PackageDescription

/// What only the command, its server and their tests use. An adopter of the image pipeline turns the
/// trait off (`.package(url: …, traits: [])`), and SwiftPM then leaves Hummingbird, NIO and
/// ArgumentParser out of its resolution and its build: 5 packages resolved instead of 25.
let command = TargetDependencyCondition.when(traits: ["Command"])

// Linux only (glibc; built and tested on Debian 12 and Ubuntu), so no `platforms` and only apt providers.
let package = Package(
    name: "Rickdex",
    products: [
        .executable(name: "rickdex", targets: ["rickdex"]),
        // Loupe, the image pipeline: generic libraries, which know nothing of Rick and Morty.
        .library(name: "LoupePipeline", targets: ["LoupePipeline"]),
        .library(name: "LoupeImaging", targets: ["LoupeImaging"]),
        .library(name: "LoupeHTTP", targets: ["LoupeHTTP"]),
        // Generic renderers, and the terminal they draw on.
        .library(name: "BlockArt", targets: ["BlockArt"]),
        .library(name: "TerminalKit", targets: ["TerminalKit"]),
        .library(name: "ContactSheet", targets: ["ContactSheet"]),
        // The API's client and models. The command's own layers (UseCases, TerminalUI, APIServer) are not products.
        .library(name: "RickAndMortyAPI", targets: ["RickAndMortyAPI"]),
    ],
    traits: [
        .trait(name: "Command", description: "The rickdex command and its server (Hummingbird, NIO, ArgumentParser)."),
        .default(enabledTraits: ["Command"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // No traits: its default FullFoundation would link all of Foundation and ICU into rickdex.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.5.0", traits: []),
        .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        // `swift package generate-documentation`: API docs for the libraries (a plugin, built only when run).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // C: the system libraries, found through pkg-config, and the only code that calls them.
        // setjmp/longjmp stays in these shims.
        .systemLibrary(name: "CLoupeJPEGSystem", path: "Sources/C/CLoupeJPEGSystem", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        .systemLibrary(name: "CLoupePNGSystem", path: "Sources/C/CLoupePNGSystem", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .target(name: "CLoupeJPEG", dependencies: ["CLoupeJPEGSystem"], path: "Sources/C/CLoupeJPEG"),
        .target(name: "CLoupePNG", dependencies: ["CLoupePNGSystem"], path: "Sources/C/CLoupePNG"),
        // libcurl's headers only: CLoupeCurl loads the library on the first request.
        .systemLibrary(name: "CLoupeCurlSystem", path: "Sources/C/CLoupeCurlSystem", providers: [.apt(["libcurl4-openssl-dev"])]),
        .target(name: "CLoupeCurl", dependencies: ["CLoupeCurlSystem"], path: "Sources/C/CLoupeCurl"),
        .systemLibrary(name: "CLoupeZlibSystem", path: "Sources/C/CLoupeZlibSystem", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // glibc's malloc told to keep freed memory (mallopt) as rickdex starts: the only code that calls it.
        .target(name: "CMalloc", path: "Sources/C/CMalloc"),

        // Generic libraries: none of them knows of Rick and Morty (docs/architecture.md).
        // The package's own tools (files, processes, terminals, locks), `package` access only.
        .target(name: "LoupeToolbox", dependencies: ["CLoupeZlibSystem", .product(name: "SystemPackage", package: "swift-system")], path: "Sources/Generic/LoupeToolbox"),
        // HTTP GET through libcurl: deadlines, retries, body caps, per-host limits, RFC 9111 directives.
        .target(
            name: "LoupeHTTP",
            dependencies: [
                "CLoupeCurl", "LoupeToolbox", .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "SystemPackage", package: "swift-system"),
            ], path: "Sources/Generic/LoupeHTTP"),
        .target(name: "LoupeImaging", dependencies: ["CLoupeJPEG", "CLoupePNG", "LoupeToolbox"], path: "Sources/Generic/LoupeImaging"),
        // Memory and disk tiers, the image fetcher and pipeline, the disk store of HTTP answers.
        .target(
            name: "LoupePipeline",
            dependencies: [
                "LoupeHTTP", "LoupeImaging", "LoupeToolbox",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "SystemPackage", package: "swift-system"),
            ], path: "Sources/Generic/LoupePipeline"
        ),
        // Cell art, color, graphics escapes and their placement: bytes in, text out, no terminal I/O.
        .target(name: "BlockArt", dependencies: ["LoupeImaging", "LoupeToolbox"], path: "Sources/Generic/BlockArt"),
        // The terminal: its device, the probe and its memory, capabilities, tmux.
        .target(
            name: "TerminalKit",
            dependencies: ["BlockArt", "LoupeImaging", "LoupeToolbox", .product(name: "SystemPackage", package: "swift-system")],
            path: "Sources/Generic/TerminalKit"),
        .target(name: "ContactSheet", dependencies: ["LoupeImaging"], path: "Sources/Generic/ContactSheet"),

        // Domain libraries.
        // The API's models, queries and clients (over HTTP, or offline from the cache).
        .target(
            name: "RickAndMortyAPI",
            dependencies: [
                "LoupeHTTP", "LoupeToolbox", .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ], path: "Sources/Domain/RickAndMortyAPI"),
        // The stand-in server with the real API's semantics (`rickdex serve`).
        .target(
            name: "APIServer",
            dependencies: [
                "RickAndMortyAPI", "LoupeHTTP", "LoupeToolbox",
                .product(name: "Hummingbird", package: "hummingbird", condition: command),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio", condition: command),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: command),
                .product(name: "Logging", package: "swift-log"),
            ], path: "Sources/Domain/APIServer"
        ),
        // What users run, without its screens: warming, export, the avatar variants, the search session.
        .target(
            name: "UseCases",
            dependencies: [
                "RickAndMortyAPI", "LoupePipeline", "LoupeImaging", "ContactSheet", "LoupeHTTP", "LoupeToolbox",
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms", condition: command),
                .product(name: "SystemPackage", package: "swift-system"),
            ], path: "Sources/Domain/UseCases"
        ),
        .target(
            name: "TerminalUI",
            dependencies: [
                "UseCases", "LoupePipeline", "BlockArt", "TerminalKit", "LoupeImaging", "RickAndMortyAPI", "LoupeHTTP",
                "LoupeToolbox", .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ], path: "Sources/Domain/TerminalUI"),
        .target(
            name: "FixtureKit",
            dependencies: ["RickAndMortyAPI", "LoupeImaging", "LoupeToolbox"], path: "Sources/Tools/FixtureKit"
        ),

        // Executables.
        .executableTarget(
            name: "rickdex",
            dependencies: [
                "CMalloc", "LoupeHTTP", "LoupeImaging", "LoupePipeline", "BlockArt", "TerminalKit", "ContactSheet",
                "RickAndMortyAPI", "UseCases", "TerminalUI", "LoupeToolbox", "APIServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: command),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
            ], path: "Sources/Command/rickdex"
        ),
        .executableTarget(
            name: "make-fixtures",
            dependencies: ["FixtureKit"], path: "Sources/Tools/make-fixtures"
        ),
        // Fuzzing: the targets (also replayed by the tests) and their libFuzzer drivers.
        .target(name: "FuzzTargets", dependencies: ["LoupeImaging", "LoupePipeline", "RickAndMortyAPI"], path: "Sources/Tools/FuzzTargets"),
        .executableTarget(name: "fuzz-images", dependencies: ["FuzzTargets"], path: "Sources/Tools/fuzz-images"),
        .executableTarget(name: "fuzz-api-json", dependencies: ["FuzzTargets"], path: "Sources/Tools/fuzz-api-json"),
        .executableTarget(name: "fuzz-cache-entry", dependencies: ["FuzzTargets"], path: "Sources/Tools/fuzz-cache-entry"),

        // Tests.
        .target(
            name: "TestSupport",
            dependencies: [
                "APIServer", "RickAndMortyAPI", "UseCases", "LoupeHTTP", "LoupePipeline", "LoupeImaging", "LoupeToolbox",
                .product(name: "Hummingbird", package: "hummingbird", condition: command),
            ],
            path: "Tests/TestSupport"),
        .testTarget(
            name: "RickAndMortyAPITests",
            dependencies: [
                "RickAndMortyAPI", "LoupeHTTP", "APIServer", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird", condition: command),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: command),
            ]),
        .testTarget(
            name: "LoupeToolboxTests", dependencies: ["LoupeToolbox", .product(name: "SystemPackage", package: "swift-system")]),
        // docs/architecture.md held to Package.swift and the sources, read as text.
        .testTarget(name: "ArchitectureTests"),
        .testTarget(
            name: "LoupeHTTPTests",
            dependencies: [
                "LoupeHTTP", "APIServer", "TestSupport", .product(name: "Hummingbird", package: "hummingbird", condition: command),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: command),
                .product(name: "HTTPTypes", package: "swift-http-types"), .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "APIServerTests",
            dependencies: [
                "APIServer", "RickAndMortyAPI", "LoupeHTTP", "LoupeToolbox", "TestSupport",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
        .testTarget(
            name: "LoupeImagingTests", dependencies: ["LoupeImaging", "FixtureKit", "LoupeToolbox", "TestSupport"],
            exclude: ["Inputs", "Goldens"]),
        .testTarget(
            name: "LoupePipelineTests",
            dependencies: [
                "LoupePipeline", "LoupeHTTP", "APIServer", "FixtureKit", "LoupeImaging", "RickAndMortyAPI", "LoupeToolbox", "TestSupport",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
        .testTarget(
            name: "UseCasesTests",
            dependencies: [
                "UseCases", "LoupePipeline", "ContactSheet", "LoupeHTTP", "APIServer", "RickAndMortyAPI", "LoupeToolbox", "TestSupport",
            ]),
        .testTarget(
            name: "BlockArtTests", dependencies: ["BlockArt", "LoupeImaging", "LoupeToolbox", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit", "BlockArt", "LoupeImaging", "LoupeToolbox", "TestSupport"]),
        .testTarget(
            name: "TerminalUITests",
            dependencies: [
                "TerminalUI", "UseCases", "LoupePipeline", "APIServer", "BlockArt", "TerminalKit", "RickAndMortyAPI", "TestSupport",
            ]),
        .testTarget(name: "ContactSheetTests", dependencies: ["ContactSheet", "LoupeImaging", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "FuzzReplayTests", dependencies: ["FuzzTargets", "TestSupport"], exclude: ["Corpus"]),
        .testTarget(name: "FixtureKitTests", dependencies: ["FixtureKit", "LoupeImaging", "RickAndMortyAPI", "TestSupport"]),
        .testTarget(
            name: "rickdexTests",
            dependencies: [
                "rickdex", "APIServer", "LoupeHTTP", "LoupePipeline", "UseCases", "BlockArt", "LoupeImaging", "RickAndMortyAPI", "TerminalUI",
                "LoupeToolbox",
                "TestSupport", .product(name: "ArgumentParser", package: "swift-argument-parser", condition: command),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
// Benchmarks/ and Examples/ are packages of their own that depend on this one by path.
