import Foundation

extension CharacterSet {
    /// Characters left as they are in a query value: unreserved ones only, so `&`, `=` and `+`
    /// inside a filter survive a round trip.
    static let urlQueryValueAllowed = CharacterSet(
        charactersIn:
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
