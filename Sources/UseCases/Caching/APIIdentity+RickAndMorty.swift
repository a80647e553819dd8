import FoundationEssentials
import LoupePipeline
import RickAndMortyAPI

extension APIIdentity {
    /// An identity for a server with the Rick and Morty API's semantics: stored answers name the
    /// real service's root, as the API and the bundled dataset do.
    public init(name: String, baseURL: URL?) {
        self.init(name: name, baseURL: baseURL, canonicalRoot: Dataset.canonicalBase)
    }
}
