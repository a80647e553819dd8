import Foundation

/// `manifest.json` of an export: who each file is, and each file's size, pixels and SHA-256.
/// A re-run reads it to skip what is already there and unchanged.
struct ExportManifest: Codable {
    struct File: Codable, Hashable {
        /// The file's name in the export folder.
        var name: String
        /// `original`, or `thumbnail`.
        var kind: String
        var bytes: Int
        var width: Int
        var height: Int
        var sha256: String
    }

    struct Character: Codable {
        var id: Int
        var name: String
        var status: String
        var species: String
        var sourceURL: String
        /// SHA-256 of the avatar as served: when it changes, every file made from it is redone.
        var sourceSHA256: String
        var files: [File]
    }

    var characters: [Character]
    /// The contact sheet's file, with `--sheet`.
    var sheet: String?

    /// One row per file, for spreadsheets: id, name, status, species, source_url, file, kind,
    /// bytes, width, height, sha256.
    func csv() -> String {
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
    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
