import FoundationEssentials
import LoupeToolbox

/// An export folder as a run finds it: its names and export's manifest. Any file there that the
/// manifest does not list is the user's, a clash (`ExportClash`), as `cp -n` leaves what is there.
package struct ExportFolder: Sendable {
    package static let manifestName = "manifest.json"

    package let url: URL
    /// Every name in the folder (of any kind: file, folder, link), as it was read.
    package let present: Set<String>
    /// The manifest export wrote there; `nil` when none, or the user's (`hasForeignManifest`).
    package let manifest: ExportManifest?
    /// Who wrote a name the manifest lists: the folder (the manifest, the sheet, an extra), a
    /// character, or a run that did not finish (`pending`: free for any character).
    private enum Owner {
        case folder
        case character(ExportManifest.Character)
        case pending
    }

    private let owners: [String: Owner]

    /// `manifest.json` is there and is not a manifest export wrote.
    package var hasForeignManifest: Bool { present.contains(Self.manifestName) && manifest == nil }

    /// Reads `url`; a folder that is not there, or cannot be read, is empty.
    package static func read(_ url: URL) -> ExportFolder {
        let present = Set(FileSystem.list(url.path))
        let manifest =
            present.contains(manifestName)
            ? contents(of: url.appendingPathComponent(manifestName).path).flatMap(ExportManifest.own) : nil
        return ExportFolder(url: url, present: present, manifest: manifest)
    }

    /// The most bytes a file of the folder is read for (every character's manifest is about 1 MB).
    static let readLimit: Int64 = 64 << 20

    /// The regular file at `path` of at most `readLimit` bytes; no link followed, no FIFO waited on.
    package static func contents(of path: String) -> [UInt8]? {
        guard case .contents(let bytes) = FileSystem.readRegularFile(path, atMost: readLimit) else { return nil }
        return bytes
    }

    init(url: URL, present: Set<String>, manifest: ExportManifest?) {
        (self.url, self.present, self.manifest) = (url, present, manifest)
        var owners: [String: Owner] = [:]
        if let manifest {
            for name in manifest.pending ?? [] { owners[name] = .pending }
            owners[Self.manifestName] = .folder
            for name in [manifest.sheet].compactMap({ $0 }) + (manifest.extras ?? []) { owners[name] = .folder }
            for character in manifest.characters {
                for file in character.files { owners[file.name] = .character(character) }
            }
        }
        self.owners = owners
    }

    /// Whether `name` is there and an earlier export wrote it for the character `id`: the one case
    /// a character's file replaces what is there (a `pending` name may hold the user's file).
    package func wrote(_ name: String, for id: Int) -> Bool {
        guard present.contains(name), case .character(let owner)? = owners[name] else { return false }
        return owner.id == id
    }

    /// Whether export wrote `name`, there now, as the folder's (the manifest, the sheet, an extra).
    package func ownsExtra(_ name: String) -> Bool {
        guard present.contains(name), case .folder? = owners[name] else { return false }
        return true
    }

    /// The manifest there with those of `names` not in the folder claimed (`pending`), so that the
    /// files of a run that is killed are export's own.
    package func claiming(_ names: [String]) -> ExportManifest {
        var claimed = manifest ?? ExportManifest(characters: [])
        let earlier = claimed.pending ?? []
        let new = Set(names.filter { !present.contains($0) && !earlier.contains($0) }).sorted()
        claimed.pending = earlier + new
        return claimed
    }

    /// The clash of writing `name` for `character` (`nil`: the folder's own files), if any.
    package func clash(writing name: String, for character: Int?) -> ExportClash? {
        guard present.contains(name) else { return nil }
        guard let owner = owners[name] else {
            return ExportClash(name: name, holder: name == Self.manifestName ? .foreignManifest : .usersFile)
        }
        switch (owner, character) {
        case (.pending, _), (.folder, nil): return nil
        case (.character(let owner), let character?) where owner.id == character: return nil
        case (.character(let owner), _): return ExportClash(name: name, holder: .character(id: owner.id, name: owner.name))
        case (.folder, _?): return ExportClash(name: name, holder: .export)
        }
    }
}

/// A file in the way of one an export would write.
package struct ExportClash: Sendable, Hashable, CustomStringConvertible {
    /// What holds the name now: a file export did not write, a `manifest.json` that is not
    /// export's, an earlier export's file of another character, or its sheet or page.
    package enum Holder: Sendable, Hashable {
        case usersFile
        case foreignManifest
        case character(id: Int, name: String)
        case export
    }

    package var name: String
    package var holder: Holder

    package init(name: String, holder: Holder) {
        (self.name, self.holder) = (name, holder)
    }

    package var description: String {
        switch holder {
        case .usersFile: "\(name) (not written by rickdex export)"
        case .foreignManifest: "\(name) (not a manifest rickdex export wrote)"
        case .character(let id, let character): "\(name) (an earlier export's file of \(id) (\(character)))"
        case .export: "\(name) (an earlier export's \(name == "sheet.png" ? "sheet" : "file"))"
        }
    }
}

/// Files in the way of an export, refused before anything is written unless `--force`.
package struct ExportClashes: Error, Sendable, CustomStringConvertible {
    package var folder: String
    package var clashes: [ExportClash]

    package init(folder: String, clashes: [ExportClash]) {
        (self.folder, self.clashes) = (folder, clashes)
    }

    package var description: String {
        let count = clashes.count
        return "\(folder): \(count) file\(count == 1 ? " is" : "s are") in the way of this export, which would replace "
            + (count == 1 ? "it" : "them") + ":\n"
            + clashes.map { "  \($0)" }.joined(separator: "\n")
    }
}

/// A file that appeared at a name export was writing after it read the folder: left as it is.
package struct ExportFileAppeared: Error, Sendable, CustomStringConvertible {
    package var path: String

    package init(path: String) {
        self.path = path
    }

    package var description: String {
        "\(path) is not a file this export wrote (it appeared while exporting, or an unfinished export claimed it and "
            + "it now holds other bytes): left as it is; move it away, or use --force"
    }
}
