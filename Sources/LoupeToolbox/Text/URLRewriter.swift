/// Replaces every occurrence of a byte string in a JSON body: the server points the dataset's
/// URLs at itself with it, and the response cache stores bodies address-free with it.
package enum URLRewriter {
    package static func replacing(_ bytes: [UInt8], prefix: [UInt8], with replacement: [UInt8]) -> [UInt8] {
        guard !prefix.isEmpty, bytes.count >= prefix.count else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8)
        var index = 0
        let first = prefix[0]
        let last = bytes.count - prefix.count
        while index < bytes.count {
            if bytes[index] == first, index <= last, bytes[index..<index + prefix.count].elementsEqual(prefix) {
                output.append(contentsOf: replacement)
                index += prefix.count
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }
}
