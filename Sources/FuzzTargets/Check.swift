/// Stops the fuzz run with `message` when a promise is broken; libFuzzer keeps the input.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard condition else { fatalError("fuzz check failed: \(message())") }
}
