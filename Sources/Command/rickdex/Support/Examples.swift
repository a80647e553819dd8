/// The examples each command's `--help` ends with; the man page's EXAMPLES section lists the same
/// (`rickdex manual-sections`), so the two never drift.
enum Examples {
    /// Each command's examples: what to type, and what it does.
    static let byCommand: [(command: String, examples: [(typed: String, does: String)])] = [
        (
            "search",
            [
                ("rickdex search rick", "each match beside its round avatar, page 1"),
                ("rickdex search --species robot --status alive --all", "every page of alive robots"),
                ("rickdex search rick --json | jq -r '.results[].name'", "the names, in the API's own JSON shape"),
                ("rickdex search rick --offline", "from the cache alone (after rickdex warm)"),
            ]
        ),
        (
            "browse",
            [
                ("rickdex browse morty", "live search, opened on morty"),
                ("id=$(rickdex browse rick)", "pick one with Enter: its id goes to the script"),
                ("rickdex browse --print json > chosen.json", "pick one: the character as JSON"),
            ]
        ),
        (
            "show",
            [
                ("rickdex show 1", "Rick, beside a large avatar, with his episodes"),
                ("rickdex show 'rick sanchez'", "the lowest id of that name; the others named on stderr"),
                ("rickdex show 2 --json", "Morty and his episodes as JSON"),
            ]
        ),
        (
            "episode",
            [
                ("rickdex episode S01E01", "the pilot's cast as a grid of avatars (S1E1 and 1x01 read the same)"),
                ("rickdex episode 28 --json", "episode 28 and its characters as JSON"),
            ]
        ),
        (
            "location",
            [
                ("rickdex location 'citadel of ricks'", "the location and its residents"),
                ("rickdex location 3 --json", "as JSON"),
            ]
        ),
        (
            "sheet",
            [
                ("rickdex sheet --species robot -o robots.png --columns 5", "every robot on one contact sheet"),
                ("rickdex sheet rick --page 2 -o rick-2.jpg", "one page of 20, as JPEG"),
                ("rickdex sheet morty -o - > morty.png", "the PNG on standard output"),
            ]
        ),
        (
            "export",
            [
                ("rickdex export --all --out avatars --original --sizes 64,256", "every avatar as served, and two thumbnails"),
                ("rickdex export --all --out gallery --html", "with index.html, a page to open in a browser"),
                ("rickdex export --all --out by-species --name '{species}-{id}-{name}'", "files named from a template"),
                ("rickdex export --all --out avatars --dry-run", "what would be written, writing nothing"),
                ("rickdex export --ids 1,2,3 --out smiths --sheet", "three characters, with a contact sheet"),
                ("rickdex export --ids 1-20,42 --out firsts", "a range of ids and one more"),
                ("rickdex export rick --status dead --out dead-ricks --offline", "a search's avatars, from the cache"),
            ]
        ),
        (
            "warm",
            [
                ("rickdex warm --all", "everything, for offline use"),
                ("rickdex warm rick --sizes 32,64", "one search, with thumbnails of two sizes"),
                ("rickdex warm --all --refresh", "ask the server about what is cached"),
            ]
        ),
        (
            "cache",
            [
                ("rickdex cache stats --exact", "what the cache holds, by kind and freshness"),
                ("rickdex cache verify", "check every entry; drop the corrupt"),
                ("rickdex cache prune", "drop expired entries, trim to the limit"),
            ]
        ),
        (
            "art",
            [
                ("rickdex art avatar.jpeg --width 20", "an image as cell art, 20 columns wide"),
                ("curl -s URL | rickdex art", "an image from standard input"),
                ("rickdex art *.png --grid auto --label", "a grid of images with their names"),
            ]
        ),
        (
            "terminal",
            [
                ("rickdex terminal", "what the terminal can show, and how that was found out"),
                ("rickdex terminal --json", "the same, as JSON"),
            ]
        ),
        (
            "thumbnail",
            [("rickdex thumbnail *.jpeg --size 64 --ring --out thumbs", "round 64 px PNGs of JPEG or PNG files")]
        ),
        (
            "serve",
            [
                ("rickdex serve --port 8917", "the bundled dataset at http://127.0.0.1:8917/api"),
                ("rickdex serve --misbehave silent --port 8918", "a server that never answers, for testing clients"),
            ]
        ),
    ]

    /// The `Examples:` block a command's `--help` ends with (lines that start with spaces are
    /// printed as they are).
    static func help(_ command: String) -> String {
        guard let examples = byCommand.first(where: { $0.command == command })?.examples else { return "" }
        return "\n\nExamples:\n" + examples.map { "  \($0.typed)\n      \($0.does)" }.joined(separator: "\n")
    }
}
