import LoupeImaging

/// The sheet's colors.
public enum Theme: String, Sendable, CaseIterable {
    case light
    case dark

    var background: RGBA { self == .light ? RGBA(250, 250, 247) : RGBA(28, 30, 34) }
    var text: RGBA { self == .light ? RGBA(28, 28, 30) : RGBA(236, 236, 232) }
    var secondaryText: RGBA { self == .light ? RGBA(96, 98, 104) : RGBA(170, 174, 180) }
    var placeholder: RGBA { self == .light ? RGBA(210, 210, 206) : RGBA(70, 72, 78) }
}
