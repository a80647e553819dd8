import Foundation

/// Who calls C, who writes files and who fans out, as the sources do it and as the tables of
/// `docs/architecture.md` list it; and the types its glossary names. Read as text, as the rest
/// of `ModuleMap`.
extension ModuleMap {
    /// A row of a table in `docs/architecture.md`: its first cell without backticks, and all its cells.
    struct Row {
        var key: String
        var cells: [String]
    }

    /// The targets held file by file (their rows name files under `Sources/`): the shipped
    /// executable, whose engines are exceptions the map names one by one.
    static let heldByFile: Set<String> = ["rickdex"]

    /// The C library as Swift names it on each platform; the map calls it `Glibc`.
    static let cLibrary: Set<String> = ["Glibc", "SwiftGlibc", "Darwin", "Musl", "Bionic", "Android", "ucrt", "WinSDK"]

    /// What writes to the disk: the file-system layer's writers (`AtomicFile`, `StagedFile` and
    /// `FileSystem`'s calls that change the disk; not its reads, `exists` or `lock`), a raw open
    /// to write, Foundation's writes and `FileManager`'s changes, and the C library's.
    static let writes = [
        #"\bAtomicFile\b"#, #"\bStagedFile\b"#,
        #"\bFileSystem\.(makeFolder|remove|removeEmptyFolder|rename|renameUnlessPresent|openRegularForUpdate|writeAll|touch)\b"#,
        #"\bO_(WRONLY|RDWR|CREAT|TRUNC|APPEND)\b"#, #"\.write\(\s*to(File)?:"#,
        #"\.(createDirectory|createFile|removeItem|moveItem|copyItem)\(\s*(at|atPath):"#,
        #"(^|[^.\w])(mkdir|mkdirat|rmdir|creat|ftruncate|fopen|renameat2?|unlinkat)\("#,
    ]

    /// The modes of a `FileDescriptor.open` that writes, looked for in the call's first lines.
    static let writingModes = #"\.(writeOnly|readWrite|create|truncate|append)\b"#

    /// What starts concurrent work: a task group of any kind, `async let`, an unstructured task,
    /// or a window of `BoundedWork` (a task group in `LoupeToolbox`).
    static let fanOuts = [
        #"\bwith(Throwing)?(Discarding)?TaskGroup\b"#, #"\basync\s+let\b"#, #"\bTask\s*[({]"#, #"\bTask\.detached\b"#,
        #"\bBoundedWork\.\w"#,
    ]

    /// The modules of C code: the C library, `Package.swift`'s system libraries, and its targets
    /// with no Swift file (C sources).
    func cModules() throws -> Set<String> {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var modules = Self.cLibrary.union(Self.all(#"\.systemLibrary\(\s*name: "([^"]+)""#, in: text))
        for (target, (_, path)) in try declared() where swiftFiles(in: path).isEmpty {
            modules.insert(target)
        }
        return modules
    }

    /// The C modules the Swift files in `path` import, with where; the C library as `Glibc`.
    func cImports(in path: String, cModules: Set<String>) -> [Import] {
        imports(in: path).filter { cModules.contains($0.module) }.map { found -> Import in
            var found = found
            if Self.cLibrary.contains(found.module) { found.module = "Glibc" }
            return found
        }
    }

    /// Lines of the Swift files in `path` that write to the disk, comments left out; `module` is
    /// the text that says so.
    func fileWrites(in path: String) -> [Import] {
        guard let modes = try? NSRegularExpression(pattern: Self.writingModes) else { return [] }
        return lines(in: path, matching: Self.writes) { lines, index in
            let code = Self.code(of: lines[index])
            guard code.contains("FileDescriptor.open(") else { return nil }
            // The call's options may follow on the next lines.
            let call = lines[index..<min(lines.count, index + 4)].map(Self.code(of:)).joined(separator: " ")
            return Self.firstMatch(of: modes, in: call).map { "FileDescriptor.open(…\($0)" }
        }
    }

    /// Lines of the Swift files in `path` that fan out, comments left out.
    func fanOutLines(in path: String) -> [Import] {
        lines(in: path, matching: Self.fanOuts)
    }

    /// Where the Swift targets under `Sources/` do what `find` finds: by module, or for a target
    /// in `heldByFile` by file (its path in its target's folder, after the target's name); each with the
    /// first place found.
    func places(_ find: (String) -> [Import], heldByFile: Set<String> = ModuleMap.heldByFile) throws -> [String: Import] {
        var places: [String: Import] = [:]
        for (target, (_, path)) in try declared() where path.hasPrefix("Sources/") {
            for found in find(path) {
                let key = heldByFile.contains(target) ? target + found.file.dropFirst(path.count) : target
                if places[key] == nil { places[key] = found }
            }
        }
        return places
    }

    /// The rows of the table in `docs/architecture.md` whose header line starts with `header`
    /// (after the heading `section`, when given), up to the first line that is not a row.
    func table(startingWith header: String, after section: String? = nil) throws -> [Row] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        if let section {
            guard let heading = lines.firstIndex(of: section) else { return [] }
            lines = Array(lines[heading...])
        }
        guard let start = lines.firstIndex(where: { $0.hasPrefix(header) }) else { return [] }
        var rows: [Row] = []
        for line in lines.dropFirst(start + 2) {  // the header and the `| --- |` line
            guard line.hasPrefix("|") else { break }
            let cells = Self.cells(of: line)
            guard let first = cells.first else { continue }
            rows.append(Row(key: first.replacing("`", with: ""), cells: cells))
        }
        return rows
    }

    /// The glossary's rows: a term, its types, its meaning.
    func glossary() throws -> [Row] {
        try table(startingWith: "| term | types |", after: "## Glossary")
    }

    /// The names of the types the Swift files under `Sources/` declare.
    func declaredTypes() -> Set<String> {
        guard let declaration = try? NSRegularExpression(pattern: #"\b(?:struct|enum|class|protocol|actor|typealias)\s+([A-Z][A-Za-z0-9_]*)"#)
        else { return [] }
        var names: Set<String> = []
        for (_, lines) in swiftFiles(in: "Sources") {
            for line in lines {
                let code = Self.code(of: line)
                for match in declaration.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                    if let range = Range(match.range(at: 1), in: code) { names.insert(String(code[range])) }
                }
            }
        }
        return names
    }

    /// The names in backticks in `text`.
    static func backticked(_ text: String) -> [String] {
        all("`([^`]+)`", in: text)
    }

    /// The type names a backticked name holds: `ImageProcessors.Circle` two, `EntryKind.processed`
    /// and `Page<Item>` one, `.fixtures`, `--api` and `Fixtures/` none.
    static func typeNames(in name: String) -> [String] {
        let bare = name.prefix { $0 != "(" && $0 != "<" }
        guard let first = bare.first, first.isUppercase,
            bare.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
        else { return [] }
        return bare.split(separator: ".").map(String.init).filter { $0.first?.isUppercase == true }
    }

    /// A table row's cells, trimmed.
    static func cells(of line: String) -> [String] {
        var cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        if cells.first == "" { cells.removeFirst() }
        if cells.last == "" { cells.removeLast() }
        return cells
    }

    /// A line without its comment: from the first `//` that is not a URL's (`https://`).
    static func code(of line: String) -> String {
        var previous: Character = " "
        var index = line.startIndex
        while index < line.endIndex {
            let next = line.index(after: index)
            if line[index] == "/", next < line.endIndex, line[next] == "/", previous != ":" {
                return String(line[..<index])
            }
            previous = line[index]
            index = next
        }
        return line
    }

    /// Lines of the Swift files in `path` whose code matches one of `patterns`, or that `also`
    /// (given the file's lines and the line's index) names; `module` is the text that matched.
    private func lines(
        in path: String, matching patterns: [String], also: ([String], Int) -> String? = { _, _ in nil }
    ) -> [Import] {
        guard let expression = try? NSRegularExpression(pattern: patterns.map { "(?:\($0))" }.joined(separator: "|"))
        else { return [] }
        return swiftFiles(in: path).flatMap { file, lines in
            lines.indices.compactMap { index -> Import? in
                guard let found = Self.firstMatch(of: expression, in: Self.code(of: lines[index])) ?? also(lines, index)
                else { return nil }
                return Import(module: found, file: file, line: index + 1)
            }
        }
    }

    private static func firstMatch(of expression: NSRegularExpression, in text: String) -> String? {
        guard let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range, in: text)
        else { return nil }
        return String(text[range]).trimmingCharacters(in: .whitespaces)
    }
}
