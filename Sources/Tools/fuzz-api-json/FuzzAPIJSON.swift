import FuzzTargets

/// libFuzzer target for decoding the API's JSON answers. See `scripts/fuzz`.
@main
enum FuzzAPIJSON {
    static func main() {
        FuzzDriver.main(APIJSONFuzzTarget.callback)
    }
}
