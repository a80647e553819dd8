import FoundationEssentials

import Glibc

/// The passwords the command line and `RICKDEX_API` carry in `--api`'s `user:password@`, kept
/// out of everything others can see: blanked from the process's own argv (`ps`), as curl blanks
/// its own, and masked (`user:***@`) in every message `StandardStreams.error` writes (errors,
/// hints, the echo of an `--api` that does not parse). `-v`'s log lines need no masking: they
/// name URLs made from the root, which holds no credentials. The password goes to the API's
/// host alone (`HostLogin`).
enum Secrets {
    /// The passwords as typed, read once from the command line and the environment.
    static let passwords: [String] = {
        let arguments = CommandLine.arguments
        let addresses = apiValues(arguments).map { arguments[$0.index].dropFirst($0.prefix) }.map(String.init)
            + (GlobalOptions.apiVariable.map { [$0] } ?? [])
        return addresses.compactMap { address in APISetting.passwordRange(in: address).map { String(address[$0]) } }
            .filter { !$0.isEmpty }
    }()

    /// Overwrites, in the process's own argument memory, each password `--api` carries with
    /// `*`: what `ps` and `/proc/PID/cmdline` show from then on. `CommandLine.arguments` keeps
    /// its copy (read here first), which the command parses.
    static func hideFromProcessList() {
        let arguments = CommandLine.arguments
        _ = passwords
        for (index, _) in apiValues(arguments) {
            let text = arguments[index]
            guard let range = APISetting.passwordRange(in: text), let argument = CommandLine.unsafeArgv[index] else { continue }
            let start = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
            let count = text.utf8.distance(from: range.lowerBound, to: range.upperBound)
            for offset in start..<(start + count) { argument[offset] = CChar(UInt8(ascii: "*")) }
        }
    }

    /// The arguments that hold `--api`'s value: `--api=URL` (the value after a prefix of 6
    /// characters) or the word after `--api`.
    private static func apiValues(_ arguments: [String]) -> [(index: Int, prefix: Int)] {
        arguments.indices.dropFirst().compactMap { index in
            if arguments[index].hasPrefix("--api=") { return (index, 6) }
            return arguments[index - 1] == "--api" ? (index, 0) : nil
        }
    }

    /// `text` with every password as `***` where it stands in a `:password@`.
    static func masked(_ text: String) -> String {
        passwords.reduce(text) { text, password in text.replacing(":\(password)@", with: ":***@") }
    }
}
