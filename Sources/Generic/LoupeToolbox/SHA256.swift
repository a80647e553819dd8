/// SHA-256 (FIPS 180-4), here rather than from swift-crypto, whose BoringSSL was a minute and a
/// half of every build from scratch for this one function, and 3 MB of the executable.
package struct SHA256: Sendable {
    private var state: SIMD8<UInt32> = SIMD8(
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19)
    /// Bytes of an unfinished block, fewer than 64.
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    package init() {}

    package static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(Array(bytes))
        return hasher.finalize()
    }

    package mutating func update(_ bytes: [UInt8]) {
        length &+= UInt64(bytes.count)
        var start = 0
        if !pending.isEmpty {
            let taken = min(64 - pending.count, bytes.count)
            pending += bytes[..<taken]
            start = taken
            guard pending.count == 64 else { return }
            pending.withUnsafeBytes { compress($0) }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = (bytes.count - start) / 64 * 64
        bytes.withUnsafeBytes { buffer in
            compress(UnsafeRawBufferPointer(rebasing: buffer[start..<start + whole]))
        }
        pending += bytes[(start + whole)...]
    }

    /// The 32-byte digest: the bytes so far, padded with a one bit, zeros and their length in bits.
    package consuming func finalize() -> [UInt8] {
        let bits = length &* 8
        var tail = pending + [0x80]
        tail += [UInt8](repeating: 0, count: (56 - tail.count % 64 + 64) % 64)
        tail += (0..<8).map { UInt8(truncatingIfNeeded: bits >> (56 - 8 * UInt64($0))) }
        tail.withUnsafeBytes { compress($0) }
        return (0..<8).flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: state[word] >> (24 - 8 * UInt32($0))) } }
    }

    /// Runs the compression function over whole 64-byte blocks.
    private mutating func compress(_ blocks: UnsafeRawBufferPointer) {
        var schedule = [UInt32](repeating: 0, count: 64)
        schedule.withUnsafeMutableBufferPointer { w in
            for offset in stride(from: 0, to: blocks.count, by: 64) {
                for index in 0..<16 {
                    w[index] = UInt32(bigEndian: blocks.loadUnaligned(fromByteOffset: offset &+ index &* 4, as: UInt32.self))
                }
                for index in 16..<64 {
                    let s0 = w[index &- 15].rotatedRight(7) ^ w[index &- 15].rotatedRight(18) ^ (w[index &- 15] >> 3)
                    let s1 = w[index &- 2].rotatedRight(17) ^ w[index &- 2].rotatedRight(19) ^ (w[index &- 2] >> 10)
                    w[index] = w[index &- 16] &+ s0 &+ w[index &- 7] &+ s1
                }
                var (a, b, c, d) = (state[0], state[1], state[2], state[3])
                var (e, f, g, h) = (state[4], state[5], state[6], state[7])
                for index in 0..<64 {
                    let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                    let choice = (e & f) ^ (~e & g)
                    let t1 = h &+ s1 &+ choice &+ Self.constants[index] &+ w[index]
                    let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    (h, g, f, e) = (g, f, e, d &+ t1)
                    (d, c, b, a) = (c, b, a, t1 &+ s0 &+ majority)
                }
                state &+= SIMD8(a, b, c, d, e, f, g, h)
            }
        }
    }

    /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
    private static let constants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}

extension UInt32 {
    @inline(__always)
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
        (self >> count) | (self << (32 &- count))
    }
}
