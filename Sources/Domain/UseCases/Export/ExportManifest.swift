import FoundationEssentials

/// `manifest.json` of an export: who each file is, its size, pixels and SHA-256. A re-run reads
/// it to skip what is unchanged and to know which files export wrote (the rest are the user's).
package struct ExportManifest: Codable, Sendable {
    /// What `format` holds in a manifest export wrote, telling it from a user's `manifest.json`.
    package static let signature = "rickdex export manifest 1"

    /// One written file, `original` or `thumbnail`, its SHA-256 in lowercase hex.
    package struct File: Codable, Hashable, Sendable {
        package var name: String
        package var kind: String
        package var bytes: Int
        package var width: Int
        package var height: Int
        package var sha256: String

        package init(name: String, kind: String, bytes: Int, width: Int, height: Int, sha256: String) {
            (self.name, self.kind, self.bytes, self.width, self.height, self.sha256) = (name, kind, bytes, width, height, sha256)
        }
    }

    /// One character and the files written for it.
    package struct Character: Codable, Hashable, Sendable {
        package var id: Int
        package var name: String
        package var status: String
        package var species: String
        package var sourceURL: String
        /// SHA-256 of the avatar as served: when it changes, every file made from it is redone.
        package var sourceSHA256: String
        package var files: [File]
        /// For the gallery's card; `nil` in manifests written before these were kept.
        package var origin: String?
        package var location: String?
        package var episodes: Int?

        package init(
            id: Int, name: String, status: String, species: String, sourceURL: String, sourceSHA256: String, files: [File],
            origin: String? = nil, location: String? = nil, episodes: Int? = nil
        ) {
            (self.id, self.name, self.status, self.species) = (id, name, status, species)
            (self.sourceURL, self.sourceSHA256, self.files) = (sourceURL, sourceSHA256, files)
            (self.origin, self.location, self.episodes) = (origin, location, episodes)
        }
    }

    /// `signature` in what export writes; `nil` in manifests written before it was kept.
    package var format: String?
    package var characters: [Character]
    /// The contact sheet's file, with `--sheet`.
    package var sheet: String?
    /// The other files export wrote besides the manifest (`manifest.csv`, `index.html`).
    package var extras: [String]?
    /// Names a run claimed and did not list (it was killed): export's own, so a run again resumes.
    package var pending: [String]?

    package init(characters: [Character], sheet: String? = nil, extras: [String]? = nil) {
        self.format = Self.signature
        self.characters = characters
        self.sheet = sheet
        self.extras = extras
    }

    /// The manifest as `manifest.json` holds it: pretty, keys sorted, a newline at the end.
    package func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and numbers cannot fail.
        return ((try? encoder.encode(self)).map { [UInt8]($0) } ?? []) + [0x0A]
    }

    /// `bytes` as a manifest export wrote (with `signature`, or byte for byte what a release before
    /// the signature wrote, listing a character), or `nil` for any other file.
    package static func own(_ bytes: [UInt8]) -> ExportManifest? {
        guard let manifest = try? JSONDecoder().decode(ExportManifest.self, from: Data(bytes)) else { return nil }
        if manifest.format == signature { return manifest }
        guard manifest.format == nil, manifest.extras == nil, manifest.pending == nil, !manifest.characters.isEmpty,
            manifest.characters.allSatisfy({ $0.origin == nil && $0.location == nil && $0.episodes == nil }),
            manifest.encoded() == bytes
        else { return nil }
        return manifest
    }

    /// The folder's manifest after `run`: each character exported again replaced by its new entry
    /// (keeping earlier files still `present`), then the new ones; a file is listed for one
    /// character only, a character with no file dropped, and `pending` names kept while present.
    package func merged(with run: ExportManifest, present: Set<String>) -> ExportManifest {
        let again = Dictionary(run.characters.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let taken = Set(run.characters.flatMap { $0.files.map(\.name) })
        var characters: [Character] = []
        for old in self.characters {
            if var new = again[old.id] {
                new.files += old.files.filter { !taken.contains($0.name) && present.contains($0.name) }
                characters.append(new)
            } else {
                var kept = old
                kept.files.removeAll { taken.contains($0.name) }
                if !kept.files.isEmpty || old.files.isEmpty { characters.append(kept) }
            }
        }
        let known = Set(self.characters.map(\.id))
        characters += run.characters.filter { !known.contains($0.id) }
        var merged = ExportManifest(characters: characters, sheet: run.sheet ?? sheet)
        let earlier = extras ?? []
        let written = earlier + (run.extras ?? []).filter { !earlier.contains($0) }
        merged.extras = written.isEmpty ? nil : written
        // What an unfinished run left and no character lists stays export's while it is there.
        let listed = Set(characters.flatMap { $0.files.map(\.name) })
        let left = (pending ?? []).filter { present.contains($0) && !listed.contains($0) }
        merged.pending = left.isEmpty ? nil : left
        return merged
    }

    /// One row per file, for spreadsheets.
    package func csv() -> String {
        var lines = ["id,name,status,species,source_url,file,kind,bytes,width,height,sha256"]
        for character in characters {
            for file in character.files {
                let fields = [
                    String(character.id), character.name, character.status, character.species, character.sourceURL,
                    file.name, file.kind, String(file.bytes), String(file.width), String(file.height), file.sha256,
                ]
                lines.append(fields.map(Self.quoted).joined(separator: ","))
            }
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// RFC 4180: quoted when it holds a comma, quote or line break, quotes doubled.
    package static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return field }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }
}
