import FoundationEssentials
import LoupeToolbox

/// The bytes of one entry file, version 1:
///
/// ```
/// offset  size  field
///      0     8  magic "RDXCACH1"
///      8     4  metadata length, little-endian
///     12     8  body length, little-endian
///     20     4  CRC-32 of metadata and body together
///     24     …  metadata: length-prefixed fields (`12:image/jpeg`), then the body
/// ```
///
/// A file whose size is not exactly the header's lengths, or whose checksum differs, is corrupt.
/// The lengths come from a file that anyone who may write the cache folder may have made: they are
/// added with overflow checked and compared with the file's size before anything is sliced or
/// allocated, so a crafted entry is a corrupt one, never a trap (`FuzzTargets` fuzzes `decode`).
package enum EntryFormat {
    static let magic = Array("RDXCACH1".utf8)
    static let headerSize = 24
    /// The largest entry file a reader takes whole, whatever the cache's limit (downloads are capped
    /// well below it).
    package static let largestFile: Int64 = 1 << 30

    package static func encode(_ entry: CacheEntry) -> [UInt8] {
        head(of: entry) + entry.body
    }

    /// The bytes before the body, staged beside it (`AtomicFile.stage([head, body], …)`), not copied.
    static func head(of entry: CacheEntry) -> [UInt8] {
        let metadata = encode(entry.metadata)
        var bytes = magic
        bytes.reserveCapacity(headerSize + metadata.count)
        append(UInt32(metadata.count), to: &bytes)
        append(UInt64(entry.body.count), to: &bytes)
        var crc = CRC32.checksum(metadata)
        crc = entry.body.withUnsafeBytes { CRC32.continuing(crc, $0) }
        append(crc, to: &bytes)
        bytes += metadata
        return bytes
    }

    package static func decode(_ bytes: [UInt8]) -> Result<CacheEntry, EntryCorruption> {
        guard bytes.count >= headerSize, bytes.starts(with: magic) else { return .failure(.badHeader) }
        let metadataLength = read(UInt32.self, bytes, at: 8)
        let bodyLength = read(UInt64.self, bytes, at: 12)
        let head = UInt64(headerSize) + UInt64(metadataLength)  // at most 2^32 + 24: no overflow
        let (expected, overflow) = head.addingReportingOverflow(bodyLength)
        guard !overflow else { return .failure(.impossibleLength(metadata: metadataLength, body: bodyLength)) }
        guard expected == UInt64(bytes.count) else {
            return .failure(.wrongLength(expected: expected, actual: UInt64(bytes.count)))
        }
        let crc = bytes.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[headerSize...])) }
        guard crc == read(UInt32.self, bytes, at: 20) else { return .failure(.checksumMismatch) }
        // Within `bytes`: `head` ≤ `expected`, which is `bytes.count`.
        let metadataEnd = headerSize + Int(metadataLength)
        guard let metadata = decodeMetadata(bytes[headerSize..<metadataEnd]) else { return .failure(.badMetadata) }
        return .success(CacheEntry(metadata: metadata, body: Array(bytes[metadataEnd...])))
    }

    /// The metadata alone, from an entry file's first bytes, the body unchecked.
    package static func metadata(fromPrefix bytes: [UInt8]) -> EntryMetadata? {
        guard bytes.count >= headerSize, bytes.starts(with: magic) else { return nil }
        let metadataEnd = headerSize + Int(read(UInt32.self, bytes, at: 8))
        guard metadataEnd <= bytes.count else { return nil }
        return decodeMetadata(bytes[headerSize..<metadataEnd])
    }

    // MARK: Metadata fields

    private static func encode(_ metadata: EntryMetadata) -> [UInt8] {
        var fields = [
            metadata.kind.rawValue, metadata.key, metadata.url, metadata.contentType, metadata.etag ?? "",
            metadata.lastModified ?? "", String(milliseconds(metadata.storedAt)), String(milliseconds(metadata.expiresAt)),
            // The CRC-32 in decimal, as entries have always written it.
            metadata.madeFrom.map(String.init) ?? "",
        ]
        // A tenth field came later: "s" for a lifetime from the server, "!" for must-revalidate.
        // Entries without either keep the nine-field form, which every version reads.
        let freshness = (metadata.lifetimeFromServer ? "s" : "") + (metadata.mustRevalidate ? "!" : "")
        if !freshness.isEmpty { fields.append(freshness) }
        return Array(fields.map { "\($0.utf8.count):\($0)" }.joined().utf8)
    }

    private static func decodeMetadata(_ bytes: ArraySlice<UInt8>) -> EntryMetadata? {
        var fields: [String] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard let colon = bytes[index...].firstIndex(of: UInt8(ascii: ":")),
                let length = Int(String(decoding: bytes[index..<colon], as: UTF8.self)), length >= 0,
                length <= bytes.endIndex - colon - 1
            else { return nil }
            fields.append(String(decoding: bytes[(colon + 1)..<(colon + 1 + length)], as: UTF8.self))
            index = colon + 1 + length
        }
        guard fields.count == 9 || fields.count == 10, let kind = fields[0].isEmpty ? nil : EntryKind(rawValue: fields[0]),
            let stored = Int64(fields[6]), let expires = Int64(fields[7]),
            // Times a `Date` holds to the millisecond, so the entry writes back as it reads.
            Self.times.contains(stored), Self.times.contains(expires)
        else { return nil }
        var metadata = EntryMetadata(
            kind: kind, key: CacheKey([]), url: fields[2], contentType: fields[3], etag: fields[4].isEmpty ? nil : fields[4],
            lastModified: fields[5].isEmpty ? nil : fields[5], storedAt: date(stored), expiresAt: date(expires),
            lifetimeFromServer: fields.count == 10 && fields[9].contains("s"),
            mustRevalidate: fields.count == 10 && fields[9].contains("!"), madeFrom: UInt32(fields[8]))
        metadata.key = fields[1]
        return metadata
    }

    /// Milliseconds since 1970 within ±2^52 (±142,000 years), where a `Double` is exact to the millisecond.
    static let times: ClosedRange<Int64> = -(1 << 52)...(1 << 52)

    private static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        guard value.isFinite else { return value > 0 ? times.upperBound : times.lowerBound }
        return Int64(min(max(value, Double(times.lowerBound)), Double(times.upperBound)))
    }

    private static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    // MARK: Integers

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    /// A little-endian integer at `offset`.
    static func read<T: FixedWidthInteger>(_ type: T.Type, _ bytes: [UInt8], at offset: Int) -> T {
        bytes[offset..<offset + MemoryLayout<T>.size].reversed().reduce(T(0)) { $0 << 8 | T($1) }
    }
}

/// Why an entry file is not a valid entry.
public enum EntryCorruption: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    case badHeader
    /// Lengths in the header whose sum no file can have (it overflows 64 bits).
    case impossibleLength(metadata: UInt32, body: UInt64)
    case wrongLength(expected: UInt64, actual: UInt64)
    case checksumMismatch
    case badMetadata
    /// The metadata names another key than the one the file name is the hash of.
    case wrongKey
    /// Larger than a reader takes: not read.
    case tooLarge(size: Int64, limit: Int64)
    /// A link, folder, FIFO, socket or device in the entry tree.
    case notAFile

    public var description: String {
        switch self {
        case .badHeader: "not a cache entry (bad header)"
        case .impossibleLength(let metadata, let body):
            "the header promises \(metadata) bytes of metadata and \(body) of body, more than any file holds"
        case .wrongLength(let expected, let actual): "\(actual) bytes where the header promises \(expected) (cut short)"
        case .checksumMismatch: "checksum mismatch (damaged bytes)"
        case .badMetadata: "unreadable metadata"
        case .wrongKey: "stored under the wrong name"
        case .tooLarge(let size, let limit): "\(size) bytes, more than the \(limit) a reader takes"
        case .notAFile: "not a regular file (a link, folder, pipe or device): never followed or read"
        }
    }
}
