// swift-tools-version: 6.0
import PackageDescription

/// The package above, known by its folder's name when depended on by path (by URL: its repository's).
let rickdex = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "rickdex").lowercased()

// The benchmarks' own package, as swift-log keeps its benchmarks: nothing here is built by the
// main package or its tests. `Benchmarks/compare` builds it in release mode.
//
// (ordo-one/package-benchmark 1.38.1, the mirror's only version, needs swift-runtime-interposer
// on Linux with Swift 6.3, which the mirror lacks; the micro-benchmarks stay a plain executable
// that prints JSON until it can resolve.)
let package = Package(
    name: "RickdexBenchmarks",
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .executableTarget(
            name: "cache-microbench",
            dependencies: [
                .product(name: "LoupePipeline", package: rickdex),
                .product(name: "LoupeImaging", package: rickdex),
            ],
            path: "Micro"
        ),
        .executableTarget(
            name: "decode-floor",
            dependencies: [.product(name: "LoupeImaging", package: rickdex)],
            path: "DecodeFloor"
        ),
        .executableTarget(
            name: "startup-floor",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "StartupFloor"
        ),
    ],
    swiftLanguageModes: [.v6]
)
