import FoundationEssentials

/// An array's items, in order.
struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]
    let options: OrderedJSONEncoder.Options

    var count: Int {
        if case .array(let items) = node.value { return items.count }
        return 0
    }

    private var nextPath: [any CodingKey] { codingPath + [IndexKey(intValue: count)] }

    mutating func encodeNil() { node.append(JSONNode(.null)) }
    mutating func encode(_ value: Bool) { node.append(JSONNode(.bool(value))) }
    mutating func encode(_ value: String) { node.append(JSONNode(.string(value))) }
    mutating func encode(_ value: Double) throws { node.append(try NodeEncoder.number(value, path: nextPath)) }
    mutating func encode(_ value: Float) throws { try encode(Double(value)) }
    mutating func encode(_ value: Int) { node.append(JSONNode(.number("\(value)"))) }
    mutating func encode(_ value: Int64) { node.append(JSONNode(.number("\(value)"))) }
    mutating func encode(_ value: UInt64) { node.append(JSONNode(.number("\(value)"))) }
    mutating func encode(_ value: Int8) { node.append(JSONNode(.number("\(value)"))) }
    mutating func encode(_ value: Int16) { node.append(JSONNode(.number("\(value)"))) }
    mutating func encode(_ value: Int32) { node.append(JSONNode(.number("\(value)"))) }
    mutating func encode(_ value: UInt) { node.append(JSONNode(.number("\(value)"))) }
    mutating func encode(_ value: UInt8) { node.append(JSONNode(.number("\(value)"))) }
    mutating func encode(_ value: UInt16) { node.append(JSONNode(.number("\(value)"))) }
    mutating func encode(_ value: UInt32) { node.append(JSONNode(.number("\(value)"))) }
    mutating func encode(_ value: some Encodable) throws {
        node.append(try NodeEncoder.node(for: value, path: nextPath, options: options))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = JSONNode(.object([]))
        let path = nextPath
        node.append(child)
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: path, options: options))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = JSONNode(.array([]))
        let path = nextPath
        node.append(child)
        return UnkeyedNodeContainer(node: child, codingPath: path, options: options)
    }

    mutating func superEncoder() -> any Encoder {
        let child = JSONNode(.object([]))
        let path = nextPath
        node.append(child)
        return NodeEncoder(node: child, codingPath: path, options: options)
    }
}
