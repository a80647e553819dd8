import APIServer
import Foundation
import TestSupport
import Testing

@testable import RickAndMortyAPI

/// Each hostile answer of `rickdex serve --misbehave` ends in the error that names it, within the
/// client's limits, instead of hanging or filling memory.
@Suite struct HostileServerTests {
    static let cap = 256 << 10

    func outcome(_ misbehavior: Misbehavior) async throws -> (error: APIError?, url: String) {
        try await TestData.withServer(faults: FaultPlan(misbehavior: misbehavior)) { base async throws in
            let url = "\(base.absoluteString)/character/1"
            do {
                // A short deadline only where the wait is the point; a small cap so the endless body
                // reaches it quickly on a busy machine.
                let slow = [.trickle, .silent].contains(misbehavior)
                let client = TestData.client(
                    base, attempts: 1, timeout: .seconds(slow ? 1 : 30), maxBodyBytes: Self.cap)
                _ = try await client.character(id: 1)
                return (nil, url)
            } catch let error as APIError {
                return (error, url)
            }
        }
    }

    /// A trickle answered, slowly: it ends at the deadline saying so, with what arrived (on a
    /// machine so busy that not even its headers came in the second, as no answer).
    @Test func aTrickleEndsAtTheDeadline() async throws {
        let (error, url) = try await outcome(.trickle)
        switch error {
        case .transport(.tooSlow(let failed, let received, let seconds))?:
            #expect(failed == url && received >= 1 && seconds == 1)
            #expect(error?.description.contains("answered too slowly: ") == true, "\(String(describing: error))")
        case .transport(.timedOut(url, 1, 1))?:
            break
        default:
            Issue.record("expected a trickle's tooSlow, got \(String(describing: error))")
        }
    }

    @Test func aServerThatNeverAnswersEndsAtTheDeadline() async throws {
        let (error, url) = try await outcome(.silent)
        #expect(error == .transport(.timedOut(url: url, seconds: 1)))
    }

    @Test func aRedirectLoopIsNamed() async throws {
        let (error, url) = try await outcome(.redirectLoop)
        #expect(error == .transport(.tooManyRedirects(url: url)))
        #expect(error?.description.contains("redirect loop") == true)
    }

    @Test func aBodyDeclaredOverTheCapIsRefusedUnread() async throws {
        let (error, url) = try await outcome(.oversize)
        #expect(error == .transport(.responseTooLarge(url: url, limitBytes: Self.cap)))
    }

    @Test func anEndlessBodyStopsAtTheCap() async throws {
        let (error, url) = try await outcome(.endless)
        #expect(error == .transport(.responseTooLarge(url: url, limitBytes: Self.cap)))
    }
}
