import FoundationEssentials

/// The `Encoder` behind `OrderedJSONEncoder`: fills one node.
struct NodeEncoder: Encoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    let options: OrderedJSONEncoder.Options
    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    /// The node for `value`, with Foundation's encoder's special cases.
    static func node(for value: some Encodable, path: [any CodingKey], options: OrderedJSONEncoder.Options) throws -> JSONNode {
        switch value {
        case let url as URL: return JSONNode(.string(url.absoluteString))
        case let data as Data: return JSONNode(.string(data.base64EncodedString()))
        case let date as Date where options.dates != nil: return JSONNode(.string(options.dates?(date) ?? ""))
        case let dictionary as [String: any Encodable]:
            let node = JSONNode(.object([]))
            for (key, member) in dictionary.sorted(by: { $0.key < $1.key }) {
                node.set(key, try Self.node(for: member, path: path, options: options))
            }
            return node
        default:
            // A value that encodes nothing is an empty object, as in Foundation.
            let node = JSONNode(.object([]))
            try value.encode(to: NodeEncoder(node: node, codingPath: path, options: options))
            return node
        }
    }

    static func number(_ value: Double, path: [any CodingKey]) throws -> JSONNode {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: path, debugDescription: "\(value) is not valid JSON"))
        }
        let text = "\(value)"
        return JSONNode(.number(text.hasSuffix(".0") ? String(text.dropLast(2)) : text))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = node.value {} else { node.value = .object([]) }
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath, options: options))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.value {} else { node.value = .array([]) }
        return UnkeyedNodeContainer(node: node, codingPath: codingPath, options: options)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath, options: options)
    }
}

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
    /// Every integer type's requirement, by one generic witness.
    mutating func encode(_ value: some BinaryInteger & Encodable, forKey key: Key) {
        node.set(key.stringValue, JSONNode(.number("\(value)")))
    }
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
    mutating func encode(_ value: some BinaryInteger & Encodable) { node.append(JSONNode(.number("\(value)"))) }
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
    mutating func encode(_ value: some BinaryInteger & Encodable) { node.value = .number("\(value)") }
    mutating func encode(_ value: some Encodable) throws {
        node.value = try NodeEncoder.node(for: value, path: codingPath, options: options).value
    }
}

/// An array index as a coding key, for error paths.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}
