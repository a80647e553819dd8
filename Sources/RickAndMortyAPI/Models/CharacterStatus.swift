/// Whether a character is alive, with the API's spelling as raw value.
public enum CharacterStatus: String, Sendable, Hashable, Codable, CaseIterable {
    case alive = "Alive"
    case dead = "Dead"
    case unknown = "unknown"
}
