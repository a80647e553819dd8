import Foundation

/// The package's modules as three sources tell them: what `Package.swift` declares each target
/// depends on, what its Swift files import, and the import table in `docs/architecture.md`;
/// and where the file-system calls are. Read as text, so a test can hold the map to the code.
struct ModuleMap {
    let root: URL

    /// A module a Swift file imports, where.
    struct Import: Hashable {
        var module: String
        var file: String
        var line: Int
    }

    /// Modules that come with the toolchain, which `Package.swift` does not name.
    static let system: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "Glibc",
        "Musl", "Dispatch", "Synchronization", "_Concurrency", "Testing", "XCTest",
    ]

    /// The external products as the docs name their packages; C modules as their libraries.
    static let docNames = [
        "SystemPackage": "swift-system", "Logging": "swift-log", "Hummingbird": "Hummingbird",
        "HTTPTypes": "swift-http-types", "NIOCore": "swift-nio", "ServiceLifecycle": "swift-service-lifecycle",
        "AsyncAlgorithms": "swift-async-algorithms", "ArgumentParser": "swift-argument-parser", "CLoupeZlibSystem": "zlib",
    ]

    /// Modules that may meet paths with Foundation's or swift-system's file calls: the one
    /// file-system layer, and the tools that make fixtures and replay fuzz inputs.
    static let fileSystemModules: Set<String> = [
        "LoupeToolbox", "FixtureKit", "FuzzTargets", "make-fixtures", "fuzz-images", "fuzz-api-json",
    ]

    /// The calls that meet paths, which belong in `FileSystem`.
    static let fileCalls = ["FileManager", "FileDescriptor.open", "Data(contentsOf:", ".write(to:"]

    /// Each Swift target's declared dependencies (module names) and its folder.
    func declared() throws -> [String: (dependencies: Set<String>, path: String)] {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var targets: [String: (Set<String>, String)] = [:]
        for start in Self.ranges(of: [".target(", ".executableTarget("], in: text) {
            let body = Self.balanced(text, from: start)
            guard let name = Self.first(#"name: "([^"]+)""#, in: body) else { continue }
            var dependencies = Set<String>()
            if let list = body.range(of: "dependencies: [") {
                var rest = Self.balanced(body, from: body.index(before: list.upperBound), open: "[", close: "]")
                for product in Self.all(#"\.product\(name: "([^"]+)", package: "[^"]+"(?:, condition: \w+)?\)"#, in: rest) {
                    dependencies.insert(product)
                }
                rest = rest.replacing(#/\.product\([^)]*\)/#, with: "")
                dependencies.formUnion(Self.all(#""([^"]+)""#, in: rest))
            }
            targets[name] = (dependencies, Self.first(#"path: "([^"]+)""#, in: body) ?? "Sources/\(name)")
        }
        return targets
    }

    /// The modules the Swift files in `path` import, with where.
    func imports(in path: String) -> [Import] {
        swiftFiles(in: path).flatMap { file, lines in
            lines.enumerated().compactMap { index, line -> Import? in
                guard
                    let module = Self.first(
                        #"^\s*(?:@testable\s+|@_exported\s+|public\s+|package\s+|internal\s+)?import\s+(?:(?:struct|class|enum|func|protocol|typealias|var|let)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#,
                        in: line)
                else { return nil }
                return Import(module: module, file: file, line: index + 1)
            }
        }
    }

    /// Lines of the Swift files in `path` that call what `fileCalls` lists, comments left out.
    func fileCalls(in path: String) -> [Import] {
        swiftFiles(in: path).flatMap { file, lines in
            lines.enumerated().compactMap { index, line -> Import? in
                let code = line.components(separatedBy: "//").first ?? ""
                guard let call = Self.fileCalls.first(where: { code.contains($0) }) else { return nil }
                return Import(module: call, file: file, line: index + 1)
            }
        }
    }

    /// Lines of the Swift files in `path` that declare something `public`, comments left out.
    func publicDeclarations(in path: String) -> [Import] {
        swiftFiles(in: path).flatMap { file, lines in
            lines.enumerated().compactMap { index, line -> Import? in
                let code = line.components(separatedBy: "//").first ?? ""
                guard let declared = Self.first(#"^\s*(?:[a-z@()]+\s+)*public\s+(?:[a-z]+\s+)*([A-Za-z_][A-Za-z0-9_]*)"#, in: code)
                else { return nil }
                return Import(module: declared, file: file, line: index + 1)
            }
        }
    }

    /// The import table in `docs/architecture.md`: each module's row, as names.
    func documented() throws -> [String: Set<String>] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        guard let table = text.range(of: "| module | imports |") else { return [:] }
        var rows: [String: Set<String>] = [:]
        for line in text[table.upperBound...].split(separator: "\n").dropFirst() {
            guard line.hasPrefix("| `") else { break }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { continue }
            let names = cells[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).replacing("`", with: "") }
            rows[cells[0].replacing("`", with: "")] = Set(names.filter { !$0.isEmpty && $0 != "nothing" })
        }
        return rows
    }

    /// A target's declared dependencies as the docs name them.
    static func documentedNames(_ dependencies: Set<String>) -> Set<String> {
        Set(dependencies.map { docNames[$0] ?? $0 })
    }

    func swiftFiles(in path: String) -> [(String, [String])] {
        let folder = root.appendingPathComponent(path)
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().compactMap { name in
            guard let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) else { return nil }
            return ("\(path)/\(name)", text.components(separatedBy: "\n"))
        }
    }

    private static func ranges(of needles: [String], in text: String) -> [String.Index] {
        needles.flatMap { needle in text.ranges(of: needle).map(\.lowerBound) }
    }

    /// From `start`, up to the bracket that closes the first `open` after it.
    private static func balanced(_ text: String, from start: String.Index, open: Character = "(", close: Character = ")")
        -> String
    {
        var depth = 0
        var index = start
        var begun = false
        while index < text.endIndex {
            let character = text[index]
            if character == open {
                depth += 1
                begun = true
            } else if character == close {
                depth -= 1
                if begun && depth == 0 { return String(text[start...index]) }
            }
            index = text.index(after: index)
        }
        return String(text[start...])
    }

    static func first(_ pattern: String, in text: some StringProtocol) -> String? {
        all(pattern, in: text).first
    }

    static func all(_ pattern: String, in text: some StringProtocol) -> [String] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let string = String(text)
        return expression.matches(in: string, range: NSRange(string.startIndex..., in: string)).compactMap { match in
            Range(match.range(at: 1), in: string).map { String(string[$0]) }
        }
    }
}
