import APIServer
import Foundation
import LoupeHTTP
import LoupeImaging
import RickAndMortyAPI
import TestSupport
import Testing

@testable import LoupePipeline

extension ImagePipelineTests {
    @Test(arguments: Misbehavior.allCases)
    func aHostileImageServerEndsInItsErrorAndNothingIsStored(_ misbehavior: Misbehavior) async throws {
        let faults = FaultPlan(misbehavior: misbehavior, misbehavesOnAvatarsOnly: true)
        try await TestData.withServer(faults: faults) { base in
            let url = Self.avatar(1, under: base)
            let slow = [.trickle, .silent].contains(misbehavior)
            let cap = 256 << 10
            let images = try pipeline(base, attempts: 1, timeout: .seconds(slow ? 1 : 30), maxBodyBytes: cap)
            let expected: (HTTPError) -> Bool =
                switch misbehavior {
                case .silent: { $0 == .timedOut(url: url.absoluteString, seconds: 1) }
                // The headers and a first byte came: a trickle answered, too slowly (or, on a machine
                // too busy for even those to come in the second, no answer).
                case .trickle:
                    {
                        if case .tooSlow(url.absoluteString, let received, 1) = $0 { return received >= 1 }
                        return $0 == .timedOut(url: url.absoluteString, seconds: 1)
                    }
                case .redirectLoop: { $0 == .tooManyRedirects(url: url.absoluteString) }
                case .oversize, .endless: { $0 == .responseTooLarge(url: url.absoluteString, limitBytes: cap) }
                }
            // The loader's error is kept as the cause, and its message is the message.
            await #expect {
                _ = try await images.thumbnail(for: url, circle: ImageProcessors.CircleThumbnail(size: 32))
            } throws: { error in
                guard case .dataLoadingFailed(let failed, let underlying as HTTPError) = error as? ImagePipeline.Error else {
                    return false
                }
                return failed == url.absoluteString && expected(underlying) && "\(error)" == "\(underlying)"
            }
            #expect(images.disk.usage().entries == 0)
            // The JSON answers stay sound: only the avatars misbehave.
            #expect(try await TestData.client(base).character(id: 1).id == 1)
        }
    }
}
