import UseCases

/// What `rickdex export --dry-run` prints: a line per file (`write` or `skip`, its size, its
/// name), then the totals. A file made from an avatar that is not cached has no size yet (`?`).
struct DryRunListing {
    var files: [ExportFile]
    /// The manifest, page and sheet a real run would write too.
    var extras: [String]

    func render(folder: String) -> String {
        var lines = files.map { file in
            let size = file.bytes.map { ByteSize.format(Int64($0)) } ?? "?"
            return "\(file.written ? "write" : "skip ") \(String(repeating: " ", count: max(0, 9 - size.count)))\(size)  \(file.name)"
        }
        let writes = files.filter(\.written)
        let known = writes.compactMap(\.bytes).reduce(0, +)
        let unknown = writes.count { $0.bytes == nil }
        var total =
            "dry run: would write \(writes.count) file\(writes.count == 1 ? "" : "s") (\(ByteSize.format(Int64(known)))"
            + (unknown > 0 ? " and \(unknown) of a size not known: their avatars are not cached" : "") + ") to \(folder), skip "
            + "\(files.count - writes.count) already there and unchanged; nothing was written or downloaded"
        if !extras.isEmpty { total += "\n  also: " + extras.joined(separator: ", ") }
        lines.append(total)
        return lines.joined(separator: "\n")
    }
}
