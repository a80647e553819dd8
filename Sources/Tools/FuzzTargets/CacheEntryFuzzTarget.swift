import LoupePipeline

/// Fuzzes the disk cache's entry format, the bytes anyone who may write a shared cache folder can
/// craft: any bytes decode to an entry or a described corruption, never a trap (the header's
/// lengths are added with overflow checked and held to the file's size before use). An entry that
/// decodes writes back to bytes that decode to it again, and its metadata reads the same from the
/// file's first bytes as `cache stats --exact` reads it.
public enum CacheEntryFuzzTarget {
    public static let callback: FuzzCallback = { start, count in
        run(FuzzDriver.bytes(start, count))
        return 0
    }

    /// Returns whether the bytes decoded as an entry.
    @discardableResult
    public static func run(_ bytes: [UInt8]) -> Bool {
        let prefix = EntryFormat.metadata(fromPrefix: bytes)
        switch EntryFormat.decode(bytes) {
        case .success(let entry):
            check(prefix == entry.metadata, "the metadata reads otherwise from the prefix")
            let again = EntryFormat.encode(entry)
            check(EntryFormat.decode(again) == .success(entry), "an entry that does not read back as written")
            return true
        case .failure(let corruption):
            check(!corruption.description.isEmpty, "a corruption without a description")
            return false
        }
    }
}
