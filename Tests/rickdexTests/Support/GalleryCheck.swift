import Foundation
import TestSupport
import Testing

/// What `scripts/check-gallery` saw of an export's page in headless Chromium (chromedriver): the
/// cards, typing a filter, the chips, sorting, the images, the console and the requests.
struct GalleryCheck: Decodable {
    var title: String
    var cards: Int
    var countText: String
    var imagesWithoutAlt: Int
    var focusAfterSlash: String
    var typed: String
    var visibleAfterTyping: [String]
    var countAfterTyping: String
    var countAfterEscape: String
    var statusesAfterDeadChip: [String]
    var firstNamesByName: [String]
    var headings: [String]
    var elementsInCards: [String]
    var images: Int
    var undecodedImages: [String]
    var scriptRanFromData: Bool
    var consoleErrors: [String]
    var requests: Int
    var requestsOutsideFolder: [String]

    static let script = TestData.repositoryRoot.appendingPathComponent("scripts/check-gallery")

    /// Whether Chromium and chromedriver are here to drive.
    static let available = ["/usr/bin/chromium", "/usr/bin/chromedriver"].allSatisfy {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    static let missing: Comment =
        "chromium or chromedriver is missing (scripts/setup --for-tests installs them): skipping the gallery in a browser"

    /// Opens `page` and does what the script does, typing `text` into the filter.
    static func run(_ page: URL, typing text: String) async throws -> GalleryCheck {
        let run = try await RickdexProcess.run([page.path, "--type", text], executable: script)
        try #require(run.status == 0, "check-gallery failed (\(run.status)): \(run.stderr)")
        return try JSONDecoder().decode(GalleryCheck.self, from: Data(run.stdout.utf8))
    }
}
