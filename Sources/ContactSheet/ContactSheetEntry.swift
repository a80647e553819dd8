import LoupeImaging

/// One cell of a contact sheet: an avatar, a name and lines of detail.
public struct ContactSheetEntry: Sendable {
    /// The circular avatar, or `nil` for a placeholder disc.
    public var thumbnail: Bitmap?
    /// The first line, in bold (the character's name).
    public var title: String
    /// Lines under the title; the first gets a dot in `dot`'s color before it (the status).
    public var lines: [String]
    public var dot: RGBA?

    public init(thumbnail: Bitmap?, title: String, lines: [String], dot: RGBA? = nil) {
        self.thumbnail = thumbnail
        self.title = title
        self.lines = lines
        self.dot = dot
    }
}
