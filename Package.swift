// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Rickdex",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "rickdex", targets: ["rickdex"]),
        .executable(name: "rickdex-serve", targets: ["rickdex-serve"]),
        .library(name: "RickAndMortyAPI", targets: ["RickAndMortyAPI"]),
        .library(name: "Imaging", targets: ["Imaging"]),
        .library(name: "APIServer", targets: ["APIServer"]),
        .library(name: "AvatarCache", targets: ["AvatarCache"]),
        .library(name: "BlockArt", targets: ["BlockArt"]),
        .library(name: "ContactSheet", targets: ["ContactSheet"]),
        .library(name: "AvatarExport", targets: ["AvatarExport"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .library(name: "Toolbox", targets: ["Toolbox"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
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

        // Libraries.
        // The shared tools: atomic file writes, bounded concurrency, system errors, durations.
        .target(name: "Toolbox", dependencies: [.product(name: "SystemPackage", package: "swift-system")]),
        .target(
            name: "Imaging",
            dependencies: ["CLibJPEG", "CLibPNG", "Toolbox"]
        ),
        .target(
            name: "RickAndMortyAPI",
            dependencies: [
                "CLibCurl",
                "Toolbox",
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "APIServer",
            dependencies: [
                "RickAndMortyAPI", "Toolbox",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "AvatarCache",
            dependencies: [
                "RickAndMortyAPI", "Imaging", "Toolbox", "CZlibSystem",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .target(
            name: "BlockArt", dependencies: ["Imaging", "Toolbox"]),
        .target(name: "ContactSheet", dependencies: ["Imaging"]),
        .target(
            name: "TerminalUI",
            dependencies: [
                "AvatarCache", "BlockArt", "Imaging", "RickAndMortyAPI", "Toolbox",
                .product(name: "Logging", package: "swift-log"),
            ]),
        .target(name: "AvatarExport", dependencies: ["AvatarCache", "Imaging", "RickAndMortyAPI", "Toolbox"]),
        .target(
            name: "FixtureKit",
            dependencies: ["RickAndMortyAPI", "Imaging", "Toolbox", "CZlibSystem"]
        ),

        // Executables.
        .executableTarget(
            name: "rickdex",
            dependencies: [
                "RickAndMortyAPI",
                "AvatarCache",
                "BlockArt",
                "Imaging",
                "ContactSheet",
                "AvatarExport",
                "TerminalUI",
                "Toolbox",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `rickdex serve` and `--api fixtures` run this one, so that the web server (Hummingbird,
        // NIO) is not loaded by every other command.
        .executableTarget(
            name: "rickdex-serve",
            dependencies: [
                "APIServer", "RickAndMortyAPI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
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
            dependencies: ["APIServer", "RickAndMortyAPI", .product(name: "Hummingbird", package: "hummingbird")],
            path: "Tests/TestSupport"),
        .testTarget(
            name: "RickAndMortyAPITests",
            dependencies: [
                "RickAndMortyAPI", "APIServer", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        .testTarget(name: "ToolboxTests", dependencies: ["Toolbox"]),
        .testTarget(name: "APIServerTests", dependencies: ["APIServer", "RickAndMortyAPI", "TestSupport"]),
        .testTarget(
            name: "ImagingTests", dependencies: ["Imaging", "FixtureKit", "TestSupport"], exclude: ["Inputs", "Goldens"]),
        .testTarget(
            name: "AvatarCacheTests",
            dependencies: ["AvatarCache", "APIServer", "FixtureKit", "Imaging", "RickAndMortyAPI", "TestSupport"]),
        .testTarget(
            name: "BlockArtTests", dependencies: ["BlockArt", "Imaging", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "BlockArt", "RickAndMortyAPI", "TestSupport"]),
        .testTarget(name: "ContactSheetTests", dependencies: ["ContactSheet", "Imaging", "TestSupport"]),
        .testTarget(name: "FuzzReplayTests", dependencies: ["FuzzTargets", "TestSupport"], exclude: ["Corpus"]),
        .testTarget(name: "FixtureKitTests", dependencies: ["FixtureKit", "Imaging", "RickAndMortyAPI", "TestSupport"]),
        .testTarget(
            name: "rickdexTests",
            dependencies: [
                "rickdex", "APIServer", "AvatarCache", "AvatarExport", "BlockArt", "Imaging", "RickAndMortyAPI", "TerminalUI",
                "TestSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
// Benchmarks/ and Examples/ are packages of their own that depend on this one by path.
