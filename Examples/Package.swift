// swift-tools-version: 6.0
import PackageDescription

// Rickdex's libraries used from another package, as a Swift program would: by path here, by URL
// in your own manifest. `swift run --package-path Examples avatar-search rick`.
let package = Package(
    name: "RickdexExamples",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Rickdex", path: "..")],
    targets: [
        .executableTarget(
            name: "avatar-search",
            dependencies: [
                .product(name: "HTTP", package: "Rickdex"),
                .product(name: "RickAndMortyAPI", package: "Rickdex"),
                .product(name: "ImageCache", package: "Rickdex"),
                .product(name: "UseCases", package: "Rickdex"),
                .product(name: "BlockArt", package: "Rickdex"),
            ]
        ),
        // Thumbnails of images from anywhere: the image pipeline alone, nothing of Rick and Morty.
        .executableTarget(
            name: "thumbs",
            dependencies: [
                .product(name: "ImageCache", package: "Rickdex"),
                .product(name: "Imaging", package: "Rickdex"),
            ]
        ),
        // Many ImageTasks at once (cancels, priority changes, progress, a prefetcher), which CI
        // builds in release and runs against rickdex serve.
        .executableTarget(
            name: "pipeline-stress",
            dependencies: [
                .product(name: "ImageCache", package: "Rickdex"),
                .product(name: "Imaging", package: "Rickdex"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
