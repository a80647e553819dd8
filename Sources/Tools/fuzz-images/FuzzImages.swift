import FuzzTargets

/// libFuzzer target for sniffing, decoding and thumbnailing images. See `scripts/fuzz`.
@main
enum FuzzImages {
    static func main() {
        FuzzDriver.main(ImageFuzzTarget.callback)
    }
}
