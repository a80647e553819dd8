extension String {
    /// The text with each `%XX` turned back into its byte, as a person reads a URL; the text as it
    /// is when a sequence is not one or the bytes are not UTF-8.
    package var percentDecoded: String {
        percentDecoding(strictly: false) ?? self
    }

    /// The text with every `%XX` turned back into its byte; `nil` when a `%` starts no such
    /// sequence or the bytes are not UTF-8. JavaScript's `decodeURIComponent`, which throws there,
    /// and Foundation's `removingPercentEncoding`, without linking Foundation for it.
    package var percentDecodedStrictly: String? {
        percentDecoding(strictly: true)
    }

    /// Decodes each `%XX`; a `%` that starts none is kept as it is, or, `strictly`, gives `nil`.
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
