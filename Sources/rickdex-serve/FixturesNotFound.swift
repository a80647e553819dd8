/// `--api fixtures` was given but no bundled dataset could be found.
struct FixturesNotFound: Error, CustomStringConvertible {
    let searched: [String]

    var description: String {
        "cannot find the bundled dataset (Fixtures/characters.json); run rickdex from its repository "
            + "or set RICKDEX_FIXTURES to the folder. Looked in: " + searched.prefix(4).joined(separator: ", ")
    }
}
