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
