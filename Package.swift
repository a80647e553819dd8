// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Rickdex",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "rickdex", targets: ["rickdex"]),
        // Generic layers, which know nothing of Rick and Morty.
        .library(name: "HTTP", targets: ["HTTP"]),
        .library(name: "Imaging", targets: ["Imaging"]),
        .library(name: "ImageCache", targets: ["ImageCache"]),
        .library(name: "BlockArt", targets: ["BlockArt"]),
        .library(name: "ContactSheet", targets: ["ContactSheet"]),
        // Domain layers, above them.
        .library(name: "RickAndMortyAPI", targets: ["RickAndMortyAPI"]),
        .library(name: "APIServer", targets: ["APIServer"]),
        .library(name: "UseCases", targets: ["UseCases"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
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
        .systemLibrary(
            name: "CJPEGSystem", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]),
        .systemLibrary(name: "CPNGSystem", pkgConfig: "libpng", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .target(name: "CLibJPEG", dependencies: ["CJPEGSystem"]),
        .target(name: "CLibPNG", dependencies: ["CPNGSystem"]),
        // libcurl's headers only: CLibCurl loads the library on the first request.
        .systemLibrary(name: "CCurlSystem", providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]),
        .target(name: "CLibCurl", dependencies: ["CCurlSystem"]),
        .systemLibrary(name: "CZlibSystem", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // glibc's malloc told to keep freed memory (mallopt) as rickdex starts: the only code that calls it.
        .target(name: "CMalloc"),

        // Generic libraries: none of them knows of Rick and Morty (docs/architecture.md).
        // The package's own tools (files, processes, terminals, locks), `package` access only.
        .target(name: "Toolbox", dependencies: ["CZlibSystem", .product(name: "SystemPackage", package: "swift-system")]),
        // HTTP GET through libcurl: deadlines, retries, body caps, per-host limits, RFC 9111 directives.
        .target(
            name: "HTTP",
            dependencies: [
                "CLibCurl", "Toolbox", .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        .target(name: "Imaging", dependencies: ["CLibJPEG", "CLibPNG", "Toolbox"]),
        // Memory and disk tiers, the image fetcher and pipeline, the disk store of HTTP answers.
        .target(
            name: "ImageCache",
            dependencies: [
                "HTTP", "Imaging", "Toolbox",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .target(name: "BlockArt", dependencies: ["Imaging", "Toolbox"]),
        .target(name: "ContactSheet", dependencies: ["Imaging"]),

        // Domain libraries.
        // The API's models, queries and clients (over HTTP, or offline from the cache).
        .target(
            name: "RickAndMortyAPI",
            dependencies: [
                "HTTP", "Toolbox", .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        // The stand-in server with the real API's semantics (`rickdex serve`).
        .target(
            name: "APIServer",
            dependencies: [
                "RickAndMortyAPI", "HTTP", "Toolbox",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // What users run, without its screens: warming, export, the avatar variants, the search session.
        .target(
            name: "UseCases",
            dependencies: [
                "RickAndMortyAPI", "ImageCache", "Imaging", "ContactSheet", "HTTP", "Toolbox",
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .target(
            name: "TerminalUI",
            dependencies: [
                "UseCases", "ImageCache", "BlockArt", "Imaging", "RickAndMortyAPI", "HTTP", "Toolbox",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        .target(
            name: "FixtureKit",
            dependencies: ["RickAndMortyAPI", "Imaging", "Toolbox"]
        ),

        // Executables.
        .executableTarget(
            name: "rickdex",
            dependencies: [
                "CMalloc", "HTTP", "Imaging", "ImageCache", "BlockArt", "ContactSheet",
                "RickAndMortyAPI", "UseCases", "TerminalUI", "Toolbox", "APIServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "make-fixtures",
            dependencies: ["FixtureKit"]
        ),
        // Fuzzing: the targets (also replayed by the tests) and their libFuzzer drivers.
        .target(name: "FuzzTargets", dependencies: ["Imaging", "RickAndMortyAPI"]),
        .executableTarget(name: "fuzz-images", dependencies: ["FuzzTargets"]),
        .executableTarget(name: "fuzz-api-json", dependencies: ["FuzzTargets"]),

        // Tests.
        .target(
            name: "TestSupport",
            dependencies: [
                "APIServer", "RickAndMortyAPI", "HTTP", "ImageCache", "Imaging", "Toolbox",
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            path: "Tests/TestSupport"),
        .testTarget(
            name: "RickAndMortyAPITests",
            dependencies: [
                "RickAndMortyAPI", "HTTP", "APIServer", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        .testTarget(
            name: "ToolboxTests", dependencies: ["Toolbox", .product(name: "SystemPackage", package: "swift-system")]),
        // docs/architecture.md held to Package.swift and the sources, read as text.
        .testTarget(name: "ArchitectureTests"),
        .testTarget(
            name: "HTTPTests",
            dependencies: [
                "HTTP", "APIServer", "TestSupport", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
        .testTarget(
            name: "APIServerTests",
            dependencies: [
                "APIServer", "RickAndMortyAPI", "HTTP", "Toolbox", "TestSupport",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
        .testTarget(
            name: "ImagingTests", dependencies: ["Imaging", "FixtureKit", "Toolbox", "TestSupport"],
            exclude: ["Inputs", "Goldens"]),
        .testTarget(
            name: "ImageCacheTests",
            dependencies: [
                "ImageCache", "HTTP", "APIServer", "FixtureKit", "Imaging", "RickAndMortyAPI", "Toolbox", "TestSupport",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
        .testTarget(
            name: "UseCasesTests",
            dependencies: [
                "UseCases", "ImageCache", "ContactSheet", "HTTP", "APIServer", "RickAndMortyAPI", "Toolbox", "TestSupport",
            ]),
        .testTarget(
            name: "BlockArtTests", dependencies: ["BlockArt", "Imaging", "Toolbox", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(
            name: "TerminalUITests",
            dependencies: [
                "TerminalUI", "UseCases", "ImageCache", "APIServer", "BlockArt", "RickAndMortyAPI", "TestSupport",
            ]),
        .testTarget(name: "ContactSheetTests", dependencies: ["ContactSheet", "Imaging", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "FuzzReplayTests", dependencies: ["FuzzTargets", "TestSupport"], exclude: ["Corpus"]),
        .testTarget(name: "FixtureKitTests", dependencies: ["FixtureKit", "Imaging", "RickAndMortyAPI", "TestSupport"]),
        .testTarget(
            name: "rickdexTests",
            dependencies: [
                "rickdex", "APIServer", "HTTP", "ImageCache", "UseCases", "BlockArt", "Imaging", "RickAndMortyAPI", "TerminalUI",
                "Toolbox",
                "TestSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
// Benchmarks/ and Examples/ are packages of their own that depend on this one by path.
