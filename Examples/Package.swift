// swift-tools-version: 6.1
import PackageDescription

/// The package above, known by its folder's name when depended on by path (by URL: its repository's).
let rickdex = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "rickdex").lowercased()

// The image pipeline used from another package, as your program would: by path here, by URL in
// your own manifest, with Rickdex's `Command` trait off, so that only the pipeline's own
// dependencies (swift-system, swift-log, swift-http-types) are resolved and built.
//
//     swift run --package-path Examples thumbs URL... --size 128 --circle -o thumbs
let package = Package(
    name: "LoupeExamples",
    dependencies: [.package(path: "..", traits: [])],
    targets: [
        // Thumbnails of images from anywhere: the image pipeline alone, nothing of Rick and Morty.
        .executableTarget(
            name: "thumbs",
            dependencies: [
                .product(name: "LoupePipeline", package: rickdex),
                .product(name: "LoupeImaging", package: rickdex),
            ]
        ),
        // Many ImageTasks at once (cancels, priority changes, progress, a prefetcher), which CI
        // builds in release and runs against a local server.
        .executableTarget(
            name: "pipeline-stress",
            dependencies: [
                .product(name: "LoupePipeline", package: rickdex),
                .product(name: "LoupeImaging", package: rickdex),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
