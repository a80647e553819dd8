import SystemPackage
import LoupeToolbox

/// The cache's bytes and entries in one small file (`v2/size`) that every write and removal
/// updates in O(1) under an exclusive `flock`, so that no ordinary command walks the tree (Nuke's
/// `DataCache` sweeps on a timer and Coil's `DiskLruCache` keeps a journal for the same reason).
///
/// The record is 32 bytes: a magic, the two totals and a CRC-32 over them, rewritten in place
/// (`pwrite` of 32 bytes into an existing block never needs new space, so a full disk cannot
/// break it). A record that is missing, truncated or garbled (a `kill -9` mid-write, a hand
/// edit) reads as `nil`; the cache then rebuilds it from a walk of the files. A process killed
/// between writing an entry and updating the record leaves it off by that one entry, which the
/// next walk (`trim`, `verify`, `cache stats --exact`) corrects.
///
/// Opened only as a regular file, made for its user alone (0600); every update holds the file lock.
struct SizeRecord: Sendable {
    struct Totals: Sendable, Hashable {
        var bytes: Int64
        var entries: Int64
    }

    let path: String

    static let size = 32
    private static let magic: [UInt8] = Array("RDXSIZE1".utf8)

    /// The recorded totals; `nil` when the record is missing or not valid.
    func read() -> Totals? {
        guard let file = try? FileSystem.openRegularForReading(path) else { return nil }
        defer { try? file.close() }
        try? FileSystem.lock(file, exclusive: false)
        return Self.decode(Self.read(file))
    }

    /// Runs `change` (which renames or removes an entry file and says by how much the totals
    /// change) holding the exclusive lock, and adds it to the record. `nil` when the record is
    /// missing or not valid (the change is made all the same): the caller rebuilds it.
    func update(
        _ change: () throws(Errno) -> (bytes: Int64, entries: Int64)
    ) throws(Errno) -> Totals? {
        // An empty file where the record is missing: something to lock, which reads as not valid.
        let file = try? FileSystem.openRegularForUpdate(path)
        defer { try? file?.close() }
        if let file { try? FileSystem.lock(file, exclusive: true) }
        let delta = try change()
        guard let file, var totals = Self.decode(Self.read(file)) else { return nil }
        guard delta != (0, 0) else { return totals }
        totals.bytes = max(0, totals.bytes + delta.bytes)
        totals.entries = max(0, totals.entries + delta.entries)
        guard (try? file.writeAll(toAbsoluteOffset: 0, Self.encode(totals))) != nil else { return nil }
        return totals
    }

    func replace(with totals: Totals) throws(Errno) {
        _ = try replace { totals }
    }

    /// Sets the totals to `count()`, run holding the exclusive lock, under which no entry is
    /// committed or removed (`update`): a walk made in `count` is exact even while other
    /// processes write, clear or trim. `ifMissing` keeps (and returns) a valid record. Throws
    /// when the record cannot be opened or written (`count` is then not run).
    @discardableResult
    func replace(ifMissing: Bool = false, counting count: () -> Totals) throws(Errno) -> Totals {
        do {
            let file = try FileSystem.openRegularForUpdate(path)
            defer { try? file.close() }
            try FileSystem.lock(file, exclusive: true)
            if ifMissing, let totals = Self.decode(Self.read(file)) { return totals }
            let totals = count()
            _ = try file.writeAll(toAbsoluteOffset: 0, Self.encode(totals))
            try file.resize(to: Int64(Self.size))
            return totals
        } catch {
            throw Errno(error)
        }
    }

    static func encode(_ totals: Totals) -> [UInt8] {
        var bytes = magic
        withUnsafeBytes(of: totals.bytes.littleEndian) { bytes += $0 }
        withUnsafeBytes(of: totals.entries.littleEndian) { bytes += $0 }
        let crc = CRC32.checksum(bytes)
        withUnsafeBytes(of: crc.littleEndian) { bytes += $0 }
        bytes += [0, 0, 0, 0]
        return bytes
    }

    static func decode(_ bytes: [UInt8]) -> Totals? {
        guard bytes.count == size, bytes.starts(with: magic) else { return nil }
        guard CRC32.checksum(Array(bytes[0..<24])) == EntryFormat.read(UInt32.self, bytes, at: 24) else { return nil }
        let totals = Totals(
            bytes: EntryFormat.read(Int64.self, bytes, at: 8), entries: EntryFormat.read(Int64.self, bytes, at: 16))
        return totals.bytes >= 0 && totals.entries >= 0 ? totals : nil
    }

    private static func read(_ file: FileDescriptor) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: size + 1)
        let count = (try? buffer.withUnsafeMutableBytes { try file.read(fromAbsoluteOffset: 0, into: $0) }) ?? 0
        return Array(buffer.prefix(count))
    }
}
