/// RGBA as floats, premultiplied when the source had transparency: the resampler's working form.
struct FloatImage {
    var width: Int
    var height: Int
    var values: [Float]
    var premultiplied: Bool
}

extension FloatImage {
    /// The bitmap as floats, each `factorX` x `factorY` block averaged into one pixel on the way
    /// (a box shrink fused with the conversion, so large images are never held as floats; 1 x 1
    /// converts sample for sample).
    init(_ bitmap: Bitmap, shrinkX factorX: Int = 1, shrinkY factorY: Int = 1) {
        let width = bitmap.width / factorX
        let height = bitmap.height / factorY
        let stride = bitmap.bytesPerRow
        var values = [Float](repeating: 0, count: width * height * 4)
        let translucent = bitmap.hasTransparency
        let scale = 1 / Float(factorX * factorY)
        // Each block is summed in integers (premultiplied as c·a, divided by 255 once at the
        // end), a row of blocks at a time: no float work per source pixel.
        var sums = [SIMD4<UInt32>](repeating: .zero, count: width)
        bitmap.pixels.withUnsafeBufferPointer { pixels in
            values.withUnsafeMutableBufferPointer { out in
                sums.withUnsafeMutableBufferPointer { sums in
                    guard let source = pixels.baseAddress, let target = out.baseAddress, let sums = sums.baseAddress else {
                        return
                    }
                    let colorScale = translucent ? scale / 255 : scale
                    for y in 0..<height {
                        sums.update(repeating: .zero, count: width)
                        for dy in 0..<factorY {
                            let row = UnsafeRawPointer(source + (y &* factorY &+ dy) &* stride)
                            var offset = 0
                            for x in 0..<width {
                                var sum = sums[x]
                                for _ in 0..<factorX {
                                    var pixel = SIMD4<UInt32>(
                                        truncatingIfNeeded: row.loadUnaligned(fromByteOffset: offset, as: SIMD4<UInt8>.self))
                                    if translucent { pixel &*= SIMD4(pixel.w, pixel.w, pixel.w, 1) }
                                    sum &+= pixel
                                    offset &+= 4
                                }
                                sums[x] = sum
                            }
                        }
                        let outRow = UnsafeMutableRawPointer(target + y &* width &* 4)
                        for x in 0..<width {
                            let value = SIMD4<Float>(sums[x]) * SIMD4(colorScale, colorScale, colorScale, scale)
                            outRow.storeBytes(of: value, toByteOffset: x &* 16, as: SIMD4<Float>.self)
                        }
                    }
                }
            }
        }
        self.init(width: width, height: height, values: values, premultiplied: translucent)
    }

    func filteredHorizontally(to outWidth: Int) -> FloatImage {
        let taps = FilterTaps.cached(source: width, target: outWidth)
        let sourceWidth = width
        let count = outWidth * height * 4
        // Every element is written by filterRow, so the buffer is not zeroed first.
        let out = values.withUnsafeBufferPointer { input in
            [Float](unsafeUninitializedCapacity: count) { output, initialized in
                guard let source = input.baseAddress, let target = output.baseAddress else { return }
                for y in 0..<height {
                    let row = source + y &* sourceWidth &* 4
                    let outRow = target + y &* outWidth &* 4
                    Self.filterRow(row, into: outRow, taps: taps, count: outWidth)
                }
                initialized = count
            }
        }
        return FloatImage(width: outWidth, height: height, values: out, premultiplied: premultiplied)
    }

    /// One row through the horizontal taps: `count` RGBA outputs from float RGBA inputs.
    @inline(__always)
    static func filterRow(_ row: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>, taps: FilterTaps, count: Int) {
        let window = taps.window
        taps.weights.withUnsafeBufferPointer { weights in
            taps.starts.withUnsafeBufferPointer { starts in
                guard var weight = weights.baseAddress else { return }
                var target = UnsafeMutableRawPointer(output)
                for x in 0..<count {
                    // Two sums, even and odd taps: one would wait on each add before the next.
                    var even: SIMD4<Float> = .zero
                    var odd: SIMD4<Float> = .zero
                    let pixel = UnsafeRawPointer(row + starts[x] &* 4)
                    var tap = 0
                    while tap &+ 1 < window {
                        even += pixel.loadUnaligned(fromByteOffset: tap &* 16, as: SIMD4<Float>.self) * weight[tap]
                        odd += pixel.loadUnaligned(fromByteOffset: tap &* 16 &+ 16, as: SIMD4<Float>.self) * weight[tap &+ 1]
                        tap &+= 2
                    }
                    if tap < window {
                        even += pixel.loadUnaligned(fromByteOffset: tap &* 16, as: SIMD4<Float>.self) * weight[tap]
                    }
                    target.storeBytes(of: even + odd, as: SIMD4<Float>.self)
                    target += 16
                    weight += window
                }
            }
        }
    }

    /// The first, horizontal pass taken straight from 8-bit pixels (premultiplying when the
    /// image has transparency), so the full-size image is never converted to floats.
    init(filtering bitmap: Bitmap, horizontallyTo outWidth: Int) {
        let taps = FilterTaps.cached(source: bitmap.width, target: outWidth)
        let height = bitmap.height
        let translucent = bitmap.hasTransparency
        var row = [Float](repeating: 0, count: bitmap.width * 4)
        let count = outWidth * height * 4
        // Every element is written by filterRow, so the buffer is not zeroed first.
        let out = bitmap.pixels.withUnsafeBufferPointer { pixels in
            [Float](unsafeUninitializedCapacity: count) { output, initialized in
                initialized = count
                row.withUnsafeMutableBufferPointer { rowBuffer in
                    guard let source = pixels.baseAddress, let target = output.baseAddress, let floats = rowBuffer.baseAddress
                    else { return }
                    for y in 0..<height {
                        let bytes = source + y &* bitmap.bytesPerRow
                        for x in 0..<bitmap.width {
                            let offset = x &* 4
                            var pixel = SIMD4<Float>(
                                Float(bytes[offset]), Float(bytes[offset &+ 1]), Float(bytes[offset &+ 2]),
                                Float(bytes[offset &+ 3]))
                            if translucent {
                                let alpha = pixel.w / 255
                                pixel *= SIMD4(alpha, alpha, alpha, 1)
                            }
                            UnsafeMutableRawPointer(floats + offset).storeBytes(of: pixel, as: SIMD4<Float>.self)
                        }
                        Self.filterRow(floats, into: target + y &* outWidth &* 4, taps: taps, count: outWidth)
                    }
                }
            }
        }
        self.init(width: outWidth, height: height, values: out, premultiplied: translucent)
    }

    func filteredVertically(to outHeight: Int) -> FloatImage {
        let taps = FilterTaps.cached(source: height, target: outHeight)
        let rowLength = width * 4
        let count = width * outHeight * 4
        // Each output row's first tap assigns, the others add (skipping the window's zero
        // padding): no zeroing pass.
        let out = values.withUnsafeBufferPointer { input in
            [Float](unsafeUninitializedCapacity: count) { output, initialized in
                initialized = count
                taps.weights.withUnsafeBufferPointer { weights in
                    guard let source = input.baseAddress, let target = output.baseAddress else { return }
                    for y in 0..<outHeight {
                        let outRow = target + y &* rowLength
                        let first = taps.starts[y]
                        let weightBase = y &* taps.window
                        for tap in 0..<taps.window {
                            let weight = weights[weightBase &+ tap]
                            let sourceRow = source + (first &+ tap) &* rowLength
                            if tap == 0 {
                                for index in 0..<rowLength {
                                    outRow[index] = sourceRow[index] * weight
                                }
                            } else if weight != 0 {
                                for index in 0..<rowLength {
                                    outRow[index] += sourceRow[index] * weight
                                }
                            }
                        }
                    }
                }
            }
        }
        return FloatImage(width: width, height: outHeight, values: out, premultiplied: premultiplied)
    }

    /// Back to 8-bit straight alpha, rounded and clamped.
    func bitmap() -> Bitmap {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        values.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { output in
                for index in stride(from: 0, to: input.count, by: 4) {
                    let alpha = min(max(input[index + 3], 0), 255)
                    let unpremultiply: Float = premultiplied ? (alpha > 0 ? 255 / alpha : 0) : 1
                    // Clamped to 0...255 first, so adding a half and truncating rounds (and is much
                    // cheaper than `rounded()`, a libm call per channel).
                    for channel in 0..<3 {
                        output[index + channel] = UInt8(min(max(input[index + channel] * unpremultiply, 0), 255) + 0.5)
                    }
                    output[index + 3] = UInt8(alpha + 0.5)
                }
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }
}
