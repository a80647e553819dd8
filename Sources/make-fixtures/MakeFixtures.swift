import FixtureKit
import Foundation

/// Regenerates `Fixtures/` (or the folder given): `swift run -c release make-fixtures [FOLDER]`.
@main
enum MakeFixtures {
    static func main() async {
        let folder = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? "Fixtures", isDirectory: true)
        do {
            let dataset = try await FixtureWriter().write(to: folder)
            print(
                "wrote \(dataset.characters.count) characters, \(dataset.episodes.count) episodes, "
                    + "\(dataset.locations.count) locations and their avatars to \(folder.path)")
        } catch {
            FileHandle.standardError.write(Data("make-fixtures: \(error)\n".utf8))
            exit(1)
        }
    }
}
