// The fuzzy matcher (Sources/Domain/UseCases/Finding) against fzf, for `Benchmarks/compare --only matcher`:
//   matcher-bench filter QUERY < NAMES     the matches best first, one a line, as `fzf --filter QUERY`
//                                          prints them: reading, preparing and matching, one process
//   matcher-bench time NAMES QUERY...      JSON: the milliseconds to prepare the names once, and per
//                                          query the median of a keystroke's match over them, with
//                                          the matched positions and without
// UseCases is not a product of the main package, so compare builds this with the matcher's own files
// (those of Sources/Domain/UseCases/Finding that import nothing) by swiftc -O, as one module.
import Glibc

/// Milliseconds `body` takes, the median of `runs` after one run to warm up.
func median(_ runs: Int, _ body: () -> Void) -> Double {
    body()
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = ContinuousClock.now
        body()
        samples.append(Double((ContinuousClock.now - start) / .nanoseconds(1)) / 1e6)
    }
    return samples.sorted()[samples.count / 2]
}

func lines(of path: String) -> [String] {
    var names: [String] = []
    guard let file = fopen(path, "r") else { fatalError("cannot read \(path)") }
    defer { fclose(file) }
    var line: UnsafeMutablePointer<CChar>?
    var capacity = 0
    while getline(&line, &capacity, file) > 0, let line {
        var name = String(cString: line)
        if name.hasSuffix("\n") { name.removeLast() }
        names.append(name)
    }
    free(line)
    return names
}

let arguments = CommandLine.arguments
switch arguments.dropFirst().first {
case "filter" where arguments.count == 3:
    var input: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while case let count = read(0, &chunk, chunk.count), count > 0 { input.append(contentsOf: chunk[..<count]) }
    var names = input.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    if names.last == "" { names.removeLast() }
    let candidates = FuzzyCandidates(names)
    let matches = FuzzyPattern(arguments[2]).matches(in: candidates, positions: false)
    var output = ""
    for match in matches {
        output += names[match.index]
        output += "\n"
    }
    print(output, terminator: "")
    exit(matches.isEmpty ? 1 : 0)
case "time" where arguments.count >= 4:
    let names = lines(of: arguments[2])
    var candidates = FuzzyCandidates([String]())
    let prepare = median(5) { candidates = FuzzyCandidates(names) }
    let runs = names.count > 10_000 ? 11 : 101
    var queries: [String] = []
    for query in arguments[3...] {
        let pattern = FuzzyPattern(query)
        var count = 0
        let positions = median(runs) { count = pattern.matches(in: candidates).count }
        let bare = median(runs) { count = pattern.matches(in: candidates, positions: false).count }
        var escaped = ""
        for character in query {
            if character == "\"" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        queries.append(
            "{\"query\": \"\(escaped)\", \"matches\": \(count), \"ms\": \(positions), \"ms_without_positions\": \(bare)}")
    }
    print("{\"names\": \(names.count), \"prepare_ms\": \(prepare), \"queries\": [\(queries.joined(separator: ", "))]}")
default:
    print("usage: matcher-bench filter QUERY < NAMES | matcher-bench time NAMES QUERY...")
    exit(2)
}
