/// What went wrong turning bytes into pixels or pixels into bytes.
public enum ImagingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The encoder (libjpeg or libpng) refused; `reason` is the library's message.
    case encodingFailed(format: ImageFormat, reason: String)

    public var description: String {
        switch self {
        case .encodingFailed(let format, let reason):
            "cannot encode \(format): \(reason)"
        }
    }
}
