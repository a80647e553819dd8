import APIServer
import Foundation
import HTTP
import Imaging
import RickAndMortyAPI
import TestSupport
import Testing

@testable import ImageCache

extension ImagePipelineTests {
    @Test(arguments: Misbehaviour.allCases)
    func aHostileImageServerEndsInItsErrorAndNothingIsStored(_ misbehaviour: Misbehaviour) async throws {
        let faults = FaultPlan(misbehaviour: misbehaviour, misbehavesOnAvatarsOnly: true)
        try await TestData.withServer(faults: faults) { base in
            let url = Self.avatar(1, under: base)
            let slow = [.trickle, .silent].contains(misbehaviour)
            let cap = 256 << 10
            let images = try pipeline(base, attempts: 1, timeout: .seconds(slow ? 1 : 30), maxBodyBytes: cap)
            let expected: HTTPError =
                switch misbehaviour {
                case .trickle, .silent: .timedOut(url: url.absoluteString, seconds: 1)
                case .redirectLoop: .tooManyRedirects(url: url.absoluteString)
                case .oversize, .endless: .responseTooLarge(url: url.absoluteString, limitBytes: cap)
                }
            // The loader's error is kept as the cause, and its message is the message.
            await #expect {
                _ = try await images.thumbnail(for: url, circle: ImageProcessors.Circle(size: 32))
            } throws: { error in
                guard case .dataLoadingFailed(let failed, let underlying) = error as? ImagePipeline.Error else { return false }
                return failed == url.absoluteString && underlying as? HTTPError == expected && "\(error)" == "\(expected)"
            }
            #expect(images.disk.usage().entries == 0)
            // The JSON answers stay sound: only the avatars misbehave.
            #expect(try await TestData.client(base).character(id: 1).id == 1)
        }
    }
}
