import LoupeHTTP
import LoupePipeline
import LoupeToolbox
import RickAndMortyAPI

extension EntryKind {
    /// A `NameIndex`, dropped when one of its listings' pages is stored again.
    package static let names = EntryKind(rawValue: "names")
}

/// The id, name and folded name of every item of each listing known whole (the bundled dataset,
/// or a cache holding every page), kept in the cache as one entry so that name lookups and the
/// shells' completion read it, not the dozens of pages it came from.
package struct NameIndex: Sendable {
    package struct Entry: Sendable, Hashable {
        package var id: Int
        package var name: String
        /// `NameFolding.fold(name)`.
        package var folded: String
        /// What ranks the fits of a part of a name: a character's episodes, a location's residents.
        package var weight: Int
        /// An episode's code (`S01E01`); empty for the others.
        package var code: String
    }

    /// By id; a kind whose whole listing is not known is absent.
    private var entries: [ResourceKind: [Entry]]

    package init(_ entries: [ResourceKind: [Entry]] = [:]) {
        self.entries = entries.mapValues { $0.sorted { $0.id < $1.id } }
    }

    /// The entries of `kind` in id order, or `nil` when its whole listing is not known.
    package subscript(kind: ResourceKind) -> [Entry]? { entries[kind] }

    package var isEmpty: Bool { entries.isEmpty }

    /// Every item of each listing given; `nil` for a listing not known whole.
    package init(characters: [RMCharacter]?, episodes: [Episode]?, locations: [Location]?) {
        var entries: [ResourceKind: [Entry]] = [:]
        entries[.character] = characters?.map { Entry(id: $0.id, name: $0.name, weight: $0.episodeIDs.count) }
        entries[.episode] = episodes?.map { Entry(id: $0.id, name: $0.name, code: $0.code) }
        entries[.location] = locations?.map { Entry(id: $0.id, name: $0.name, weight: $0.residentIDs.count) }
        self.init(entries)
    }

    /// The bundled dataset's index (`--api fixtures`).
    package static func all(in dataset: Dataset) -> NameIndex {
        let known = KnownEntries.all(in: dataset)
        return NameIndex(characters: known.characters, episodes: known.episodes, locations: known.locations)
    }

    // MARK: In the cache

    /// The index stored beside `cache`'s answers, or one built (and stored) from the listings it holds whole.
    package static func cached(in cache: DiskResponseCache) -> NameIndex {
        if let stored = cache.disk.entry(for: key(cache.identity)), let index = NameIndex(encoded: stored.body) { return index }
        return built(in: cache)
    }

    /// `cached(in:)` as stored, to search in place (`entries(_:in:where:startsWith:loose:)`).
    package static func cachedEncoding(in cache: DiskResponseCache) -> [UInt8] {
        cache.disk.entry(for: key(cache.identity))?.body ?? built(in: cache).encoded()
    }

    private static func built(in cache: DiskResponseCache) -> NameIndex {
        let offline = OfflineRickAndMortyClient(cache: cache, root: nil)
        func whole<Resource: APIResource>(_ type: Resource.Type) -> [Resource]? {
            let items = offline.cachedItems(type)
            return !items.isEmpty && offline.cachedCount(type) == items.count ? items : nil
        }
        let index = NameIndex(characters: whole(RMCharacter.self), episodes: whole(Episode.self), locations: whole(Location.self))
        guard !index.isEmpty else { return index }
        let metadata = cache.disk.metadata(.names, key: key(cache.identity), url: "#names", contentType: "text/tab-separated-values")
        // A cache that cannot take it rebuilds it next time: the index is a shortcut, never the truth.
        try? cache.disk.store(index.encoded(), metadata: metadata, for: key(cache.identity))
        return index
    }

    package static func key(_ identity: APIIdentity) -> CacheKey {
        CacheKey(["api", identity.name, "#names"])
    }

    /// Whether `path` is a page of an unfiltered listing (`character`, `episode?page=3`).
    package static func isBuilt(from path: String) -> Bool {
        let parts = path.split(separator: "?", maxSplits: 1)
        guard let resource = parts.first, ResourceKind(rawValue: String(resource)) != nil else { return false }
        guard parts.count == 2 else { return true }
        return parts[1].split(separator: "&").allSatisfy { $0.hasPrefix("page=") }
    }

    // MARK: Encoding

    private static let header = "rickdex names 1"
    /// Longest a field read back may be: a name of the real API is under 60 characters.
    private static let fieldLimit = 1024

    /// One line a header, then one line an entry: kind, id, weight, code, name, folded name, tab-separated.
    package func encoded() -> [UInt8] {
        var text = Self.header + "\n"
        for kind in ResourceKind.allCases {
            for entry in entries[kind] ?? [] {
                text += "\(kind.rawValue)\t\(entry.id)\t\(entry.weight)\t\(entry.code)\t\(entry.name)\t\(entry.folded)\n"
            }
        }
        return Array(text.utf8)
    }

    /// `nil` for bytes that are not an index (a cache folder is shared: no field is trusted).
    package init?(encoded bytes: [UInt8]) {
        guard let entries = Self.read(bytes, keeping: { _, _, _ in true }) else { return nil }
        self.init(entries)
    }

    package enum Field: Int, Sendable {
        case id = 1, code = 3, folded = 5
    }

    /// The entries of `kind` whose `field` starts with `prefix`, decoding only those (completion costs
    /// a scan). Codes compare in any ASCII case; a `loose` folded name sets its apostrophes aside.
    package static func entries(
        _ kind: ResourceKind, in bytes: [UInt8], where field: Field, startsWith prefix: String, loose: Bool = false
    ) -> [Entry]? {
        let wanted = Array(prefix.utf8)
        let lowered = field == .code ? wanted.map(lowercase) : wanted
        return read(bytes) { found, line, fields in
            guard found == kind else { return false }
            let range = fields[field.rawValue]
            var matched = 0
            for index in range where matched < lowered.count {
                var byte = line[index]
                if loose, byte == UInt8(ascii: "'") { continue }
                if field == .code { byte = lowercase(byte) }
                guard byte == lowered[matched] else { return false }
                matched += 1
            }
            return matched == lowered.count
        }?[kind] ?? []
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// The entries of the lines `keep` takes, by kind; `nil` for bytes that are not an index.
    private static func read(
        _ bytes: [UInt8], keeping keep: (ResourceKind, UnsafeBufferPointer<UInt8>, [Range<Int>]) -> Bool
    ) -> [ResourceKind: [Entry]]? {
        bytes.withUnsafeBufferPointer { buffer -> [ResourceKind: [Entry]]? in
            let header = Array((Self.header + "\n").utf8)
            guard buffer.starts(with: header) else { return nil }
            let kinds = ResourceKind.allCases.map { ($0, Array($0.rawValue.utf8)) }
            var entries: [ResourceKind: [Entry]] = [:]
            var fields: [Range<Int>] = []
            fields.reserveCapacity(6)
            var start = header.count
            while start < buffer.count {
                fields.removeAll(keepingCapacity: true)
                var fieldStart = start
                var end = start
                while end < buffer.count, buffer[end] != UInt8(ascii: "\n") {
                    if buffer[end] == UInt8(ascii: "\t") {
                        fields.append(fieldStart..<end)
                        fieldStart = end + 1
                    }
                    end += 1
                }
                // Every line, the last too, ends with a newline.
                guard end < buffer.count else { return nil }
                fields.append(fieldStart..<end)
                guard fields.count == 6, fields.allSatisfy({ $0.count <= Self.fieldLimit }),
                    let kind = kinds.first(where: { buffer[fields[0]].elementsEqual($0.1) })?.0
                else { return nil }
                if keep(kind, buffer, fields) {
                    func text(_ field: Int) -> String { String(decoding: buffer[fields[field]], as: UTF8.self) }
                    guard let id = Int(text(1)), id > 0, let weight = Int(text(2)), weight >= 0 else { return nil }
                    entries[kind, default: []].append(
                        Entry(id: id, name: text(4), folded: text(5), weight: weight, code: text(3)))
                }
                start = end + 1
            }
            return entries
        }
    }
}

extension NameIndex.Entry {
    package init(id: Int, name: String, weight: Int = 0, code: String = "") {
        // Names come from the network: no control character (tab, newline) is kept.
        let clean = UntrustedText.stripped(name)
        let code = UntrustedText.stripped(code)
        self.init(id: id, name: clean, folded: NameFolding.fold(clean), weight: weight, code: code)
    }
}
