import LoupeImaging
import RickAndMortyAPI
import LoupeToolbox

/// Draws a character's cartoon portrait into a palette image: a scene, a head its species picks,
/// shoulders; the dead have crossed-out eyes. Deterministic for an id and seed.
struct AvatarPainter {
    let width: Int
    let height: Int

    private enum Ink: UInt8 {
        case outline = 48, skin, skinShadow, skinLight, hair, hairShadow, hairLight, shirt, shirtShadow, shirtLight
        case eyeWhite, pupil, mouth
        case accent = 61
    }

    private static let gradientSteps = 48

    func paint(_ character: CharacterDTO, seed: UInt64) -> IndexedBitmap {
        var random = SplitMix64(seed: seed ^ (UInt64(character.id) &* 0x9E37_79B9))
        let palette = makePalette(character, &random)
        let face = AvatarFace(character, accent: Ink.accent.rawValue, random: &random)
        var indices = [UInt8](repeating: 0, count: width * height)
        var dither = SplitMix64(seed: seed &+ UInt64(character.id))
        for y in 0..<height {
            let v = (Double(y) + 0.5) * 300 / Double(height)
            for x in 0..<width {
                let u = (Double(x) + 0.5) * 300 / Double(width)
                // Background: a dithered vertical gradient.
                let step = Int(v / 300 * Double(Self.gradientSteps - 2)) + Int(dither.next() & 1)
                let background = UInt8(min(step, Self.gradientSteps - 1))
                indices[y * width + x] = Self.figure(u, v, face, over: Self.scenery(u, v, face, over: background))
            }
        }
        return IndexedBitmap(width: width, height: height, palette: palette, indices: indices)
    }

    /// What is behind the head at (u, v) of the 300x300 design: planets, shoulders, ears, antennae.
    private static func scenery(_ u: Double, _ v: Double, _ face: AvatarFace, over background: UInt8) -> UInt8 {
        var ink = background
        for planet in face.planets where Self.inEllipse(u, v, planet.x, planet.y, planet.r, planet.r) {
            ink =
                Self.inEllipse(u, v, planet.x, planet.y, planet.r - 2.5, planet.r - 2.5)
                ? planet.ink : Ink.outline.rawValue
        }
        // Shoulders.
        if v > 205, abs(u - 150) < 55 + (v - 205) * 0.9 {
            let edge = abs(u - 150) > 52 + (v - 205) * 0.9
            ink =
                edge
                ? Ink.outline.rawValue
                : (u > 175 ? Ink.shirtShadow.rawValue : (u < 115 ? Ink.shirtLight.rawValue : Ink.shirt.rawValue))
        }
        // Ears or antennae behind the head.
        if face.hasEars {
            for side in [-1.0, 1.0]
            where Self.inEllipse(u, v, 150 + side * face.headRadiusX * 0.75, 130 - face.headRadiusY * 0.8, 20, 26) {
                ink =
                    Self.inEllipse(u, v, 150 + side * face.headRadiusX * 0.75, 130 - face.headRadiusY * 0.8, 17, 23)
                    ? Ink.skinShadow.rawValue : Ink.outline.rawValue
            }
        }
        if face.isAlien {
            for side in [-1.0, 1.0] {
                let tipX = 150 + side * 40, tipY = 130 - face.headRadiusY - 30
                if Self.inEllipse(u, v, tipX, tipY, 9, 9) { ink = Ink.hairLight.rawValue }
                let t = (v - tipY) / (130 - face.headRadiusY * 0.7 - tipY)
                if t > 0.1, t < 1, abs(u - (tipX + (150 - tipX) * t * 0.5)) < 2.5 { ink = Ink.outline.rawValue }
            }
        }
        return ink
    }

    /// The head at (u, v) over what `scenery` drew: its outline and shading, hair, eyes and mouth.
    private static func figure(_ u: Double, _ v: Double, _ face: AvatarFace, over behind: UInt8) -> UInt8 {
        var ink = behind
        // Head.
        let inHead =
            face.isRobot
            ? abs(u - 150) < face.headRadiusX && abs(v - 130) < face.headRadiusY
            : Self.inEllipse(u, v, 150, 130, face.headRadiusX, face.headRadiusY)
        if inHead {
            let inner =
                face.isRobot
                ? abs(u - 150) < face.headRadiusX - 3 && abs(v - 130) < face.headRadiusY - 3
                : Self.inEllipse(u, v, 150, 130, face.headRadiusX - 3, face.headRadiusY - 3)
            ink =
                !inner
                ? Ink.outline.rawValue
                : (u > 150 + face.headRadiusX * 0.45
                    ? Ink.skinShadow.rawValue
                    : (u < 150 - face.headRadiusX * 0.5 && v < 120 ? Ink.skinLight.rawValue : Ink.skin.rawValue))
        }
        // Hair over the top of the head.
        if !face.isRobot, !face.isAlien, v < 130 - face.headRadiusY * 0.35 {
            let angle = atan2Approx(v - 130, u - 150)
            let spike = face.spiky ? 22 * abs(sawtooth(angle * 9)) : 6
            let reach = Self.ellipseRadius(u, v, 150, 130, face.headRadiusX, face.headRadiusY)
            if reach < 1 + spike / face.headRadiusY, reach > 0.55 {
                ink =
                    reach > 0.98 + spike / face.headRadiusY - 0.03
                    ? Ink.outline.rawValue
                    : (u > 165 ? Ink.hairShadow.rawValue : (u < 125 ? Ink.hairLight.rawValue : Ink.hair.rawValue))
            }
        }
        // Eyes.
        for side in [-1.0, 1.0] {
            let eyeX = 150 + side * face.eyeGap, eyeY = 122.0
            if Self.inEllipse(u, v, eyeX, eyeY, 17, 15) {
                ink = Self.inEllipse(u, v, eyeX, eyeY, 15, 13) ? Ink.eyeWhite.rawValue : Ink.outline.rawValue
                if face.isDead {
                    let dx = u - eyeX, dy = v - eyeY
                    if abs(abs(dx) - abs(dy)) < 2.2, abs(dx) < 9 { ink = Ink.pupil.rawValue }
                } else if Self.inEllipse(u, v, eyeX + face.pupilShift, eyeY + 1, 4.5, 4.5) {
                    ink = Ink.pupil.rawValue
                }
            }
        }
        // Mouth: an arc, smiling for the living.
        let mouthCenterY = face.isDead ? 200.0 : 140.0
        let mouthRadius = face.isDead ? 30.0 : 42.0
        let distance = ((u - 150) * (u - 150) + (v - mouthCenterY) * (v - mouthCenterY)).squareRoot()
        let onArc = abs(distance - mouthRadius) < 2.4 && abs(u - 150) < 24
        if onArc, face.isDead ? v < mouthCenterY : v > mouthCenterY { ink = Ink.mouth.rawValue }
        return ink
    }

    private func makePalette(_ character: CharacterDTO, _ random: inout SplitMix64) -> [RGBA] {
        let top = Self.randomColor(&random, bright: true)
        let bottom = Self.randomColor(&random, bright: false)
        var palette = (0..<Self.gradientSteps).map { step in
            Self.mix(top, bottom, Double(step) / Double(Self.gradientSteps - 1))
        }
        let skin: RGBA =
            switch character.species {
            case "Alien", "Cronenberg": random.pick([RGBA(120, 200, 90), RGBA(160, 110, 200), RGBA(90, 170, 190)])
            case "Robot": RGBA(170, 176, 186)
            case "Animal", "Mythological Creature": random.pick([RGBA(170, 120, 70), RGBA(210, 190, 150), RGBA(120, 110, 100)])
            default: random.pick([RGBA(250, 220, 190), RGBA(235, 195, 160), RGBA(200, 150, 110), RGBA(140, 95, 65)])
            }
        let hair =
            character.name.contains("Rick")
            ? RGBA(170, 215, 235)
            : random.pick([RGBA(90, 60, 30), RGBA(240, 200, 90), RGBA(30, 30, 30), RGBA(200, 90, 40), RGBA(120, 120, 130)])
        let shirt = Self.randomColor(&random, bright: true)
        palette.append(RGBA(24, 22, 26))  // outline
        palette += Self.shades(of: skin) + Self.shades(of: hair) + Self.shades(of: shirt)
        palette += [RGBA(250, 250, 245), RGBA(12, 12, 14), RGBA(150, 40, 50)]
        palette += (0..<8).map { _ in Self.randomColor(&random, bright: random.chance(0.5)) }
        return palette
    }

    private static func randomColor(_ random: inout SplitMix64, bright: Bool) -> RGBA {
        let floor = bright ? 110 : 20
        let ceiling = bright ? 250 : 150
        return RGBA(
            UInt8(random.int(in: floor...ceiling)), UInt8(random.int(in: floor...ceiling)), UInt8(random.int(in: floor...ceiling))
        )
    }

    private static func shades(of color: RGBA) -> [RGBA] {
        [color, mix(color, RGBA(0, 0, 0), 0.25), mix(color, RGBA(255, 255, 255), 0.3)]
    }

    private static func mix(_ a: RGBA, _ b: RGBA, _ t: Double) -> RGBA {
        func channel(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) * (1 - t) + Double(y) * t).rounded()) }
        return RGBA(channel(a.red, b.red), channel(a.green, b.green), channel(a.blue, b.blue))
    }

    private static func inEllipse(_ u: Double, _ v: Double, _ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double) -> Bool {
        ellipseRadius(u, v, cx, cy, rx, ry) <= 1
    }

    /// 1 on the ellipse's edge, below inside, above outside.
    private static func ellipseRadius(_ u: Double, _ v: Double, _ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double) -> Double
    {
        let dx = (u - cx) / rx, dy = (v - cy) / ry
        return (dx * dx + dy * dy).squareRoot()
    }
}

/// A triangle wave in -1...1 with period 2π, for hair spikes.
private func sawtooth(_ x: Double) -> Double {
    let period = 2 * Double.pi
    let phase = (x / period - (x / period).rounded(.down))
    return phase < 0.5 ? phase * 4 - 1 : 3 - phase * 4
}

/// atan2 without Foundation: an angle in -π...π, accurate enough for drawing.
private func atan2Approx(_ y: Double, _ x: Double) -> Double {
    if x == 0 && y == 0 { return 0 }
    let ax = abs(x), ay = abs(y)
    let a = min(ax, ay) / max(ax, ay)
    let s = a * a
    var r = ((-0.0464964749 * s + 0.15931422) * s - 0.327622764) * s * a + a
    if ay > ax { r = Double.pi / 2 - r }
    if x < 0 { r = Double.pi - r }
    return y < 0 ? -r : r
}

/// What one character's portrait looks like, drawn from its random numbers once, in a fixed order
/// (the fixtures depend on it).
struct AvatarFace {
    let isRobot: Bool
    let isAlien: Bool
    let hasEars: Bool
    let isDead: Bool
    let spiky: Bool
    let headRadiusX: Double
    let headRadiusY: Double
    let eyeGap: Double
    let pupilShift: Double
    let planets: [(x: Double, y: Double, r: Double, ink: UInt8)]

    /// `accent` is the first of the eight palette entries planets take their color from.
    init(_ character: CharacterDTO, accent: UInt8, random: inout SplitMix64) {
        isRobot = character.species == "Robot"
        isAlien = character.species == "Alien" || character.species == "Cronenberg"
        hasEars = character.species == "Animal" || character.species == "Mythological Creature"
        isDead = character.status == "Dead"
        spiky = character.name.hasSuffix("Rick") || character.name.hasPrefix("Rick") || random.chance(0.3)
        headRadiusX = Double(random.int(in: 62...80))
        headRadiusY = Double(random.int(in: 70...86))
        eyeGap = Double(random.int(in: 24...34))
        pupilShift = Double(random.int(in: -5...5))
        var planets: [(x: Double, y: Double, r: Double, ink: UInt8)] = []
        for _ in 0..<3 {
            planets.append(
                (
                    x: Double(random.int(in: 10...290)), y: Double(random.int(in: 10...120)),
                    r: Double(random.int(in: 8...40)), ink: accent + UInt8(random.int(in: 0...7))
                ))
        }
        self.planets = planets
    }
}
