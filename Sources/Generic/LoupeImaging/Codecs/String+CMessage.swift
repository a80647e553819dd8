extension String {
    /// The NUL-terminated text a C shim wrote into `buffer`.
    init(cMessage buffer: [CChar]) {
        let end = buffer.firstIndex(of: 0) ?? buffer.endIndex
        self = String(decoding: buffer[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
