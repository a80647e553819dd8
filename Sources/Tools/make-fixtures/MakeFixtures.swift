import FixtureKit
import Foundation

/// Regenerates `Fixtures/` (or the folder given): `swift run -c release make-fixtures [FOLDER]`.
///
/// `make-fixtures --broken-avatars OUT [FIXTURES]` writes instead a dataset whose first avatars
/// are the broken-image corpus (listed in `OUT/broken.tsv`: id, damage, detail) and whose other
/// avatars are whole, for runs that serve bad images through `rickdex serve --data OUT`.
@main
enum MakeFixtures {
    static func main() async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        do {
            if arguments.first == "--broken-avatars", arguments.count >= 2 {
                arguments.removeFirst()
                let output = URL(fileURLWithPath: arguments[0], isDirectory: true)
                let fixtures = URL(fileURLWithPath: arguments.count > 1 ? arguments[1] : "Fixtures", isDirectory: true)
                let count = try writeBrokenDataset(to: output, from: fixtures)
                print("wrote \(count) broken avatars (see \(output.path)/broken.tsv); the rest are whole")
                return
            }
            let folder = URL(fileURLWithPath: arguments.first ?? "Fixtures", isDirectory: true)
            let dataset = try await FixtureWriter().write(to: folder)
            print(
                "wrote \(dataset.characters.count) characters, \(dataset.episodes.count) episodes, "
                    + "\(dataset.locations.count) locations and their avatars to \(folder.path)")
        } catch {
            FileHandle.standardError.write(Data("make-fixtures: \(error)\n".utf8))
            exit(1)
        }
    }

    static func writeBrokenDataset(to output: URL, from fixtures: URL) throws -> Int {
        let files = FileManager.default
        let avatars = output.appendingPathComponent("avatars", isDirectory: true)
        try? files.removeItem(at: output)
        try files.createDirectory(at: avatars, withIntermediateDirectories: true)
        for name in ["characters.json", "episodes.json", "locations.json"] {
            try files.copyItem(at: fixtures.appendingPathComponent(name), to: output.appendingPathComponent(name))
        }
        let corpus = try BrokenImageCorpus.make { id in
            Array(try Data(contentsOf: fixtures.appendingPathComponent("avatars/\(id).jpeg")))
        }
        var listing = "id\tdamage\tdetail\n"
        let whole = try files.contentsOfDirectory(atPath: fixtures.appendingPathComponent("avatars").path)
        for name in whole {
            guard let id = Int(name.dropLast(5)) else { continue }
            let target = avatars.appendingPathComponent(name)
            if id <= corpus.count {
                let broken = corpus[id - 1]
                try Data(broken.bytes).write(to: target)
                listing += "\(id)\t\(broken.damage)\t\(broken.detail)\n"
            } else {
                try files.copyItem(at: fixtures.appendingPathComponent("avatars/\(name)"), to: target)
            }
        }
        try Data(listing.utf8).write(to: output.appendingPathComponent("broken.tsv"))
        return corpus.count
    }
}
