extension StringProtocol {
    /// The text without the spaces and tabs HTTP allows around header values (RFC 9110 §5.6.3,
    /// "OWS") and the ASCII bytes in `also`: a byte scan, where Foundation bridges to `NSString`.
    package func trimmingHeaderSpace(also: [UInt8] = []) -> String {
        let text = Substring(self)
        let trimmed = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || also.contains(byte) }
        guard let first = text.utf8.firstIndex(where: { !trimmed($0) }),
            let last = text.utf8.lastIndex(where: { !trimmed($0) })
        else { return "" }
        return String(text[first...last])
    }
}
