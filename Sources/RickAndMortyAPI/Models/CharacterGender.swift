/// A character's gender, with the API's spelling as raw value.
public enum CharacterGender: String, Sendable, Hashable, Codable, CaseIterable {
    case female = "Female"
    case male = "Male"
    case genderless = "Genderless"
    case unknown = "unknown"
}
