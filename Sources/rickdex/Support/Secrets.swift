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
        var addresses = arguments.indices.dropFirst().compactMap { index -> String? in
            if arguments[index].hasPrefix("--api=") { return String(arguments[index].dropFirst(6)) }
            return arguments[index - 1] == "--api" ? arguments[index] : nil
        }
        addresses += GlobalOptions.apiVariable.map { [$0] } ?? []
        return addresses.compactMap { address in APISetting.passwordRange(in: address).map { String(address[$0]) } }
            .filter { !$0.isEmpty }
    }()

    /// Overwrites, in the process's own argument memory, each password `--api` carries with
    /// `*`: what `ps` and `/proc/PID/cmdline` show from then on. `CommandLine.arguments` keeps
    /// its copy (read here first), which the command parses.
    static func hideFromProcessList() {
        _ = passwords
        let argv = CommandLine.unsafeArgv
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = argv[index] else { continue }
            let text = String(cString: argument)
            let isAPI = text.hasPrefix("--api=") || argv[index - 1].map { String(cString: $0) == "--api" } ?? false
            guard isAPI, let range = APISetting.passwordRange(in: text) else { continue }
            let start = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
            let count = text.utf8.distance(from: range.lowerBound, to: range.upperBound)
            for offset in start..<(start + count) { argument[offset] = CChar(UInt8(ascii: "*")) }
        }
    }

    /// `text` with every password as `***` where it stands in a `:password@`.
    static func masked(_ text: String) -> String {
        passwords.reduce(text) { text, password in text.replacing(":\(password)@", with: ":***@") }
    }
}
