import LoupeImaging

// The decode floor of a 64 px thumbnail: each file read and decoded once, on one thread, by the
// codecs alone (libjpeg-turbo scaled by DCT to the smallest size whose short side covers 64 px,
// libpng in full) and nothing else: no resampling, no circle, no encoding, no writing.
// `Benchmarks/compare` runs it beside `rickdex thumbnail` and prints the CPU of one over the other.
//
//     decode-floor FILE...

let decoder = ImageDecoder(options: DecodeOptions(minimumShortSide: 64, scaling: .fast, applyOrientation: false))
var pixels = 0
var failed = 0
for path in CommandLine.arguments.dropFirst() {
    guard let bytes = FileBytes.read(path) else {
        failed += 1
        continue
    }
    do {
        let bitmap = try decoder.decode(bytes)
        pixels += bitmap.width * bitmap.height
    } catch {
        failed += 1
    }
}
print("decoded \(CommandLine.arguments.count - 1 - failed) images, \(pixels) pixels, \(failed) failed")
