import FoundationEssentials

/// A model read from the API's JSON through its wire form: the one place a model type meets its
/// wire type, so that generic code over `APIResource` can decode an item, a batch or a page.
package struct WireModel<Resource: APIResource>: Decodable {
    package let model: Resource

    package init(from decoder: any Decoder) throws {
        let url = decoder.userInfo[.responseURL] as? String ?? ""
        let root = decoder.userInfo[.apiRoot] as? APIRoot
        let read: any APIResource =
            switch Resource.kind {
            case .character: try CharacterDTO(from: decoder).model(at: url, under: root)
            case .episode: try EpisodeDTO(from: decoder).model(at: url, under: root)
            case .location: try LocationDTO(from: decoder).model(at: url, under: root)
            }
        guard let model = read as? Resource else {
            throw DecodingError.typeMismatch(
                Resource.self,
                .init(codingPath: decoder.codingPath, debugDescription: "\(Resource.self) is not the \(Resource.kind) model"))
        }
        self.model = model
    }
}

extension CodingUserInfoKey {
    /// The response's URL, which a failing field's error names (`WireModel`).
    // swift-format-ignore: NeverForceUnwrap
    static let responseURL = CodingUserInfoKey(rawValue: "responseURL")!
}
