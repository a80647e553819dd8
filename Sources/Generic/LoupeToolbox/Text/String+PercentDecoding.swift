extension String {
    /// The text with each `%XX` decoded, as a person reads a URL; as it is when that fails.
    package var percentDecoded: String {
        percentDecoding(strictly: false) ?? self
    }

    /// The text with every `%XX` decoded; `nil` for a stray `%` or bytes not UTF-8, as
    /// JavaScript's `decodeURIComponent` and Foundation's `removingPercentEncoding`.
    package var percentDecodedStrictly: String? {
        percentDecoding(strictly: true)
    }

    private func percentDecoding(strictly: Bool) -> String? {
        guard contains("%") else { return self }
        var bytes: [UInt8] = []
        var utf8 = Array(self.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else if byte == UInt8(ascii: "%") && strictly {
                return nil
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
