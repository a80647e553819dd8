import RickAndMortyAPI
import LoupeToolbox

/// What one character's portrait looks like: its species' head, its eyes, the planets behind it,
/// drawn from the character's random numbers once, in a fixed order (the fixtures depend on it).
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
