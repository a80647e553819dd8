import LoupeToolbox

/// The words the generator builds names from, and the real service's proportions it draws with
/// (`../shared/realdata/README.md`).
enum FixtureVocabulary {
    static let firstNames = [
        "Abradolf", "Agatha", "Alan", "Albert", "Annie", "Arthur", "Baby", "Beta", "Bill", "Birdperson", "Blim",
        "Bruce", "Campaign", "Cynthia", "Daron", "Davin", "Diane", "Donna", "Doopidoo", "Eli", "Ethan", "Evil",
        "Fart", "Flansian", "Frank", "Gene", "Glootie", "Gwendolyn", "Hamurai", "Hemorrhage", "Ice", "Jacob",
        "Jessica", "Joyce", "Juan", "Karen", "Kevin", "King", "Krombopulos", "Lighthouse", "Mr.", "Mrs.", "Nancy",
        "Noob", "Pencilvester", "Principal", "Revolio", "Roy", "Sleepy", "Squanchy", "Stacy", "Tammy", "Tinkles",
        "Tophat", "Unity", "Vance", "Worldender", "Xenon", "Yaarb", "Zeep",
    ]
    static let lastNames = [
        "Vagina", "Kramer", "Rails", "Smith", "Goldenfold", "Gazorpazorp", "Bloom", "Clockberg", "Poopybutthole",
        "Lizard", "Maximus", "Gearhead", "Flargo", "Glorzo", "Plutonian", "Hoskins", "Sanchez", "Brown",
        "Michael", "Nimbus", "Doofus", "Squanch", "Prime", "Crocubot", "Meeseeks", "Bulk", "Gromflomite",
        "Shrimply", "Pibbles", "Zigerion", "Tranquility", "Goldmine", "Glenn", "Melvin", "Quaggar", "Dante",
    ]
    static let variantPrefixes = [
        "Cop", "Cowboy", "Cyclops", "Doofus", "Evil", "Fascist", "Hammerhead", "Insurance", "Juggling", "Maximums",
        "Mechanical", "Mega Fruit Farmer", "Old Man", "Pickle", "Quantum", "Riq IV", "Simple", "Slow", "Teacher",
        "Toxic", "Wasp", "Aqua", "Cronenberg", "Dipper", "Fat", "Hairy", "Lizard", "Memory", "Plumber", "Super",
        "Tiny", "Cool", "Campaign Manager", "Samurai", "Tortured", "Zeta Alpha",
    ]
    static let species: [(String, Double)] = [
        ("Human", 366), ("Alien", 205), ("Humanoid", 68), ("Animal", 55), ("Robot", 51),
        ("Mythological Creature", 46), ("unknown", 13), ("Poopybutthole", 8), ("Cronenberg", 8), ("Disease", 6),
    ]
    static let types = [
        "Soulless Puppet", "Decoy", "Parasite", "Snake", "Narnian", "Clone", "Demon", "Genetic experiment",
        "Superhuman", "Fish-Person", "Cat-Person", "Robot-Crocodile hybrid", "Gromflomite", "Zigerion",
        "Phone-Person", "Lizard-Person", "Giant", "Vampire", "Mytholog", "Bepisian",
    ]
    static let statuses: [(String, Double)] = [("Alive", 439), ("Dead", 287), ("unknown", 100)]
    static let genders: [(String, Double)] = [("Male", 610), ("Female", 148), ("unknown", 49), ("Genderless", 19)]
    static let placeWords = [
        "Abadango", "Anatomy", "Bird", "Bepis", "Blips", "Citadel", "Cronenberg", "Dorian", "Froopyland",
        "Gazorpazorp", "Gear", "Glapflap", "Immortality", "Interdimensional", "Jerryboree", "Krootabulon",
        "Mr. Goldenfold's", "Nuptia", "Pawn", "Planet", "Purge", "Resort", "Snuffles", "Squanch", "Unity",
        "Venzenulon", "Worldender's", "Zigerion",
    ]
    static let placeSuffixes = [
        "Cluster", "Park", "World", "Planet", "Station", "Prison", "Lair", "Moon", "Academy", "Dream",
        "Spa", "Castle", "Dimension", "Base", "Nightclub", "Microverse", "Cruise Ship", "Arcade", "Ring", "Belt",
    ]
    static let locationTypes = [
        "Planet", "Space station", "Microverse", "TV", "Resort", "Fantasy town", "Dream", "Dimension",
        "Menagerie", "Cluster", "Spacecraft", "Game", "Artificially generated world", "unknown",
    ]
    static let dimensions = [
        "Dimension C-137", "unknown", "Post-Apocalyptic Dimension", "Replacement Dimension", "Cronenberg Dimension",
        "Fantasy Dimension", "Dimension 5-126", "Testicle Monster Dimension", "Cromulon Dimension",
        "Dimension C-500A", "Dimension K-83", "Dimension J19ζ7", "Merged Dimension", "Evil Rick's Target Dimension",
    ]
    static let episodeWords = [
        "Pilot", "Lawnmower", "Anatomy", "Meeseeks", "Rixty", "Ricksy", "Mortynight", "Auto", "Total", "Pickle",
        "Vindicators", "Rest", "Ricklantis", "Edge", "Claw", "Rattlestar", "Childrick", "Star", "Mort", "Amortycan",
        "Never", "Rickternal", "Forgetting", "Promortyus", "Rickmurai", "Gotron", "Morty's", "Ricked", "Solaricks",
    ]
    static let episodeSuffixes = [
        "Dog", "Park", "Minutes", "Business", "Rickall", "Raisin", "Run", "Mixup", "Returns", "Heist", "Ricks",
        "Crisis", "Jack", "Inc.", "Tales", "Sunrise", "Gauntlet", "Wars", "Mortys", "Unleashed", "Redux",
    ]
}
