import FoundationEssentials

/// One value.
struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]
    let options: OrderedJSONEncoder.Options

    mutating func encodeNil() { node.value = .null }
    mutating func encode(_ value: Bool) { node.value = .bool(value) }
    mutating func encode(_ value: String) { node.value = .string(value) }
    mutating func encode(_ value: Double) throws { node.value = try NodeEncoder.number(value, path: codingPath).value }
    mutating func encode(_ value: Float) throws { try encode(Double(value)) }
    mutating func encode(_ value: Int) { node.value = .number("\(value)") }
    mutating func encode(_ value: Int64) { node.value = .number("\(value)") }
    mutating func encode(_ value: UInt64) { node.value = .number("\(value)") }
    mutating func encode(_ value: Int8) { node.value = .number("\(value)") }
    mutating func encode(_ value: Int16) { node.value = .number("\(value)") }
    mutating func encode(_ value: Int32) { node.value = .number("\(value)") }
    mutating func encode(_ value: UInt) { node.value = .number("\(value)") }
    mutating func encode(_ value: UInt8) { node.value = .number("\(value)") }
    mutating func encode(_ value: UInt16) { node.value = .number("\(value)") }
    mutating func encode(_ value: UInt32) { node.value = .number("\(value)") }
    mutating func encode(_ value: some Encodable) throws {
        node.value = try NodeEncoder.node(for: value, path: codingPath, options: options).value
    }
}
