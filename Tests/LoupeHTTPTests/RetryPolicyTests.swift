import Testing

@testable import LoupeHTTP

@Suite struct RetryPolicyTests {
    let policy = RetryPolicy(
        maxAttempts: 5, baseDelay: .milliseconds(100), maxDelay: .milliseconds(500), maxRetryAfter: .seconds(10))

    @Test func delaysGrowExponentiallyUpToTheCap() {
        let maximum = (1...4).map { policy.delay(afterAttempt: $0, retryAfter: nil, randomUnit: 0.999_999) }
        #expect(maximum.map { $0.map { Int(($0 / .milliseconds(1)).rounded()) } } == [100, 200, 400, 500])
    }

    @Test func jitterKeepsAtLeastHalfTheDelay() {
        #expect(policy.delay(afterAttempt: 3, retryAfter: nil, randomUnit: 0) == .milliseconds(200))
        #expect(policy.delay(afterAttempt: 3, retryAfter: nil, randomUnit: 0.5) == .milliseconds(300))
    }

    @Test func stopsAfterTheLastAttempt() {
        #expect(policy.delay(afterAttempt: 5, retryAfter: nil, randomUnit: 0.5) == nil)
        #expect(RetryPolicy.none.delay(afterAttempt: 1, retryAfter: nil, randomUnit: 0.5) == nil)
    }

    @Test func honorsRetryAfterWithinItsBound() {
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(3), randomUnit: 0.5) == .seconds(3))
        // A shorter Retry-After than the backoff does not shorten the backoff.
        #expect(policy.delay(afterAttempt: 4, retryAfter: .milliseconds(1), randomUnit: 0) == .milliseconds(250))
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(60), randomUnit: 0.5) == nil)
    }

    @Test func retryAfterHeaderParsesSeconds() {
        let response = TransportResponse(status: 429, headers: [.retryAfter: " 2 "], body: [])
        #expect(response.retryAfter == .seconds(2))
        #expect(response.isTransientFailure)
        #expect(TransportResponse(status: 404, headers: [:], body: []).isTransientFailure == false)
    }
}
