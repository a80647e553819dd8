import Foundation
import TestSupport

/// A certificate authority of the test's own and server certificates it signs, made with the
/// real `openssl` in a temporary folder: TLS on the loopback without touching the system's store.
final class TestCertificates {
    /// A server's certificate and key files.
    struct Server {
        var certificate: String
        var key: String
    }

    let folder: TemporaryFolder
    /// The CA's certificate, for `--cacert`.
    let authority: String

    init() throws {
        folder = try TemporaryFolder()
        authority = folder.appendingPathComponent("ca.pem").path
        try Self.openssl([
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
            "-subj", "/CN=Rickdex Test CA", "-keyout", folder.appendingPathComponent("ca.key").path, "-out", authority,
        ])
    }

    /// A server certificate signed by the CA for `names` (`IP:127.0.0.1`, `DNS:localhost`).
    func server(_ name: String, for names: [String]) throws -> Server {
        let base = folder.appendingPathComponent(name).path
        try Self.openssl([
            "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-subj", "/CN=\(name)",
            "-keyout", base + ".key", "-out", base + ".csr",
        ])
        try "subjectAltName=\(names.joined(separator: ","))\n".write(
            toFile: base + ".ext", atomically: true, encoding: .utf8)
        try Self.openssl([
            "x509", "-req", "-in", base + ".csr", "-CA", authority, "-CAkey", folder.appendingPathComponent("ca.key").path,
            "-CAcreateserial", "-days", "2", "-extfile", base + ".ext", "-out", base + ".pem",
        ])
        return Server(certificate: base + ".pem", key: base + ".key")
    }

    private static func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        guard try process.finishBlocking("openssl").status == 0 else { throw CocoaError(.executableLoad) }
    }
}
