import FoundationEssentials

/// An object's members, in the order they are encoded.
struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: JSONNode
    let codingPath: [any CodingKey]
    let options: OrderedJSONEncoder.Options

    mutating func encodeNil(forKey key: Key) { node.set(key.stringValue, JSONNode(.null)) }
    mutating func encode(_ value: Bool, forKey key: Key) { node.set(key.stringValue, JSONNode(.bool(value))) }
    mutating func encode(_ value: String, forKey key: Key) { node.set(key.stringValue, JSONNode(.string(value))) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        node.set(key.stringValue, try NodeEncoder.number(value, path: codingPath + [key]))
    }
    mutating func encode(_ value: Float, forKey key: Key) throws { try encode(Double(value), forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) { node.set(key.stringValue, JSONNode(.number("\(value)"))) }
    mutating func encode(_ value: Int64, forKey key: Key) { node.set(key.stringValue, JSONNode(.number("\(value)"))) }
    mutating func encode(_ value: UInt64, forKey key: Key) { node.set(key.stringValue, JSONNode(.number("\(value)"))) }
    mutating func encode(_ value: Int8, forKey key: Key) { node.set(key.stringValue, JSONNode(.number("\(value)"))) }
    mutating func encode(_ value: Int16, forKey key: Key) { node.set(key.stringValue, JSONNode(.number("\(value)"))) }
    mutating func encode(_ value: Int32, forKey key: Key) { node.set(key.stringValue, JSONNode(.number("\(value)"))) }
    mutating func encode(_ value: UInt, forKey key: Key) { node.set(key.stringValue, JSONNode(.number("\(value)"))) }
    mutating func encode(_ value: UInt8, forKey key: Key) { node.set(key.stringValue, JSONNode(.number("\(value)"))) }
    mutating func encode(_ value: UInt16, forKey key: Key) { node.set(key.stringValue, JSONNode(.number("\(value)"))) }
    mutating func encode(_ value: UInt32, forKey key: Key) { node.set(key.stringValue, JSONNode(.number("\(value)"))) }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        node.set(key.stringValue, try NodeEncoder.node(for: value, path: codingPath + [key], options: options))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = JSONNode(.object([]))
        node.set(key.stringValue, child)
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: codingPath + [key], options: options))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = JSONNode(.array([]))
        node.set(key.stringValue, child)
        return UnkeyedNodeContainer(node: child, codingPath: codingPath + [key], options: options)
    }

    mutating func superEncoder() -> any Encoder {
        let child = JSONNode(.object([]))
        node.set("super", child)
        return NodeEncoder(node: child, codingPath: codingPath, options: options)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = JSONNode(.object([]))
        node.set(key.stringValue, child)
        return NodeEncoder(node: child, codingPath: codingPath + [key], options: options)
    }
}
