import RickAndMortyAPI

/// ANSI styling for standard output, or none at all when colour is off.
public struct Style: Sendable {
    public let enabled: Bool

    public init(enabled: Bool) { self.enabled = enabled }

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }

    /// "● Alive" with the dot in the status's colour; the word alone without colour.
    public func status(_ status: CharacterStatus) -> String {
        enabled ? dot(status) + " " + status.rawValue : status.rawValue
    }

    /// A "●" in the status's colour: green alive, red dead, grey unknown.
    public func dot(_ status: CharacterStatus) -> String {
        coloured("●", status: status)
    }

    /// `text` in the status's colour.
    public func coloured(_ text: String, status: CharacterStatus) -> String {
        let colour =
            switch status {
            case .alive: "32"
            case .dead: "31"
            case .unknown: "90"
            }
        return wrap(text, colour)
    }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
