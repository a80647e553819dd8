import Glibc
import LoupeImaging

// The decode floor of a job: each file read and decoded once, on one thread, by the codecs alone,
// at exactly the scale the job decodes at, and nothing else: no resampling, no fitting, no
// encoding, no writing. `Benchmarks/compare` runs it beside `rickdex thumbnail` and `rickdex art`
// and prints the CPU of one over the other. It runs the floor with GLIBC_TUNABLES that keep freed
// memory as `rickdex` keeps it (Sources/C/CMalloc), so neither pays the kernel for it.
//
//     decode-floor --for thumbnail SIZE | art COLUMNS  FILE...
//
// `thumbnail SIZE`: as `rickdex thumbnail --size SIZE` decodes (libjpeg-turbo scaled by DCT to
// about twice SIZE, as libvips shrinks on load, for the Lanczos filter; libpng in full).
// `art COLUMNS`: as `rickdex art --width COLUMNS` decodes for cell art (the DCT scale within an
// eighth under the 8 pixels a column the cells are fitted at; every scan of a progressive file).

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 3, arguments[0] == "--for", let size = Int(arguments[2]), size > 0 else {
    print("usage: decode-floor --for thumbnail SIZE | art COLUMNS  FILE...")
    exit(64)
}
let options: DecodeOptions
switch arguments[1] {
case "thumbnail":
    options = DecodeOptions(minimumShortSide: size, scaling: .quality, applyOrientation: false)
case "art":
    let pixels = size * 8
    options = DecodeOptions(
        minimumShortSide: pixels - pixels / 8, scaling: .fast, allowFirstScanOnly: false, applyOrientation: false)
default:
    print("decode-floor: --for thumbnail or art, not \(arguments[1])")
    exit(64)
}
let decoder = ImageDecoder(options: options)
var pixels = 0
var failed = 0
let files = arguments.dropFirst(3)
for path in files {
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
print("decoded \(files.count - failed) images, \(pixels) pixels, \(failed) failed")
