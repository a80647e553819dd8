import FoundationEssentials

/// `manifest.json` of an export: who each file is, and each file's size, pixels and SHA-256.
/// A re-run reads it to skip what is already there and unchanged.
package struct ExportManifest: Codable, Sendable {
    /// One written file.
    package struct File: Codable, Hashable, Sendable {
        /// The file's name in the export folder.
        package var name: String
        /// `original`, or `thumbnail`.
        package var kind: String
        /// Size in bytes.
        package var bytes: Int
        /// Width in pixels.
        package var width: Int
        /// Height in pixels.
        package var height: Int
        /// The file's SHA-256, lowercase hex.
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

        package init(
            id: Int, name: String, status: String, species: String, sourceURL: String, sourceSHA256: String, files: [File]
        ) {
            (self.id, self.name, self.status, self.species) = (id, name, status, species)
            (self.sourceURL, self.sourceSHA256, self.files) = (sourceURL, sourceSHA256, files)
        }
    }

    package var characters: [Character]
    /// The contact sheet's file, with `--sheet`.
    package var sheet: String?

    package init(characters: [Character], sheet: String? = nil) {
        self.characters = characters
        self.sheet = sheet
    }

    /// One row per file, for spreadsheets: id, name, status, species, source_url, file, kind,
    /// bytes, width, height, sha256.
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
