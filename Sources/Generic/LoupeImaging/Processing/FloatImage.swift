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
    ///
    /// Each block is summed in integers (premultiplied as c·a, divided by 255 once at the end),
    /// a row of blocks at a time: no float work per source pixel. An opaque image's rows are
    /// summed as bytes into 16-bit columns, a loop the compiler vectorizes, when a block's sum
    /// fits (at most 257 pixels); the same integers either way.
    init(_ bitmap: Bitmap, shrinkX factorX: Int = 1, shrinkY factorY: Int = 1) {
        let width = bitmap.width / factorX
        let height = bitmap.height / factorY
        let stride = bitmap.bytesPerRow
        let translucent = bitmap.hasTransparency
        let scale = 1 / Float(factorX * factorY)
        let colorScale = translucent ? scale / 255 : scale
        let scales = SIMD4(colorScale, colorScale, colorScale, scale)
        let count = width * height * 4
        let narrow = !translucent && factorX * factorY <= 257
        let values = bitmap.pixels.withUnsafeBufferPointer { pixels in
            [Float](unsafeUninitializedCapacity: count) { out, initialized in
                initialized = count
                guard let source = pixels.baseAddress, let target = out.baseAddress else { return }
                if narrow {
                    Self.sumNarrow(source, stride: stride, into: target, width: width, height: height, factorX, factorY, scales)
                } else {
                    Self.sumWide(
                        source, stride: stride, into: target, width: width, height: height, factorX, factorY, scales, translucent)
                }
            }
        }
        self.init(width: width, height: height, values: values, premultiplied: translucent)
    }

    /// Opaque blocks of at most 257 pixels: their sums fit 16 bits.
    private static func sumNarrow(
        _ source: UnsafePointer<UInt8>, stride: Int, into target: UnsafeMutablePointer<Float>, width: Int, height: Int,
        _ factorX: Int, _ factorY: Int, _ scales: SIMD4<Float>
    ) {
        let samples = width &* factorX &* 4
        let columns = UnsafeMutablePointer<UInt16>.allocate(capacity: samples)
        defer { columns.deallocate() }
        for y in 0..<height {
            // The block's first row assigns, the others add: no zeroing pass.
            let first = source + y &* factorY &* stride
            for index in 0..<samples {
                columns[index] = UInt16(truncatingIfNeeded: first[index])
            }
            for dy in 1..<max(1, factorY) {
                let row = source + (y &* factorY &+ dy) &* stride
                for index in 0..<samples {
                    columns[index] &+= UInt16(truncatingIfNeeded: row[index])
                }
            }
            let sums = UnsafeRawPointer(columns)
            let outRow = UnsafeMutableRawPointer(target + y &* width &* 4)
            for x in 0..<width {
                var sum = SIMD4<UInt16>.zero
                for dx in 0..<factorX {
                    sum &+= sums.loadUnaligned(fromByteOffset: (x &* factorX &+ dx) &* 8, as: SIMD4<UInt16>.self)
                }
                let value = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: sum)) * scales
                outRow.storeBytes(of: value, toByteOffset: x &* 16, as: SIMD4<Float>.self)
            }
        }
    }

    /// Any blocks, premultiplied when `translucent`: 32-bit sums.
    private static func sumWide(
        _ source: UnsafePointer<UInt8>, stride: Int, into target: UnsafeMutablePointer<Float>, width: Int, height: Int,
        _ factorX: Int, _ factorY: Int, _ scales: SIMD4<Float>, _ translucent: Bool
    ) {
        let sums = UnsafeMutablePointer<SIMD4<UInt32>>.allocate(capacity: width)
        defer { sums.deallocate() }
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
                outRow.storeBytes(of: SIMD4<Float>(sums[x]) * scales, toByteOffset: x &* 16, as: SIMD4<Float>.self)
            }
        }
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
    ///
    /// Two taps a step as one `SIMD8` (pixels `tap`, `tap + 1` times their weights in four lanes
    /// each): lanes 0...3 sum the even taps, 4...7 the odd ones, two chains so each add does not
    /// wait on the last, added at the end, as `plainFilterRow` sums them.
    @inline(__always)
    static func filterRow(_ row: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>, taps: FilterTaps, count: Int) {
        let window = taps.window
        let pairBytes = (window & ~1) &* 16
        taps.lanes.withUnsafeBytes { lanes in
            taps.starts.withUnsafeBufferPointer { starts in
                guard var weight = lanes.baseAddress else { return }
                var target = UnsafeMutableRawPointer(output)
                for x in 0..<count {
                    let pixel = UnsafeRawPointer(row + starts[x] &* 4)
                    var sums: SIMD8<Float> = .zero
                    var offset = 0
                    while offset < pairBytes {
                        sums +=
                            pixel.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                            * weight.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                        offset &+= 32
                    }
                    var even = sums.lowHalf
                    if offset < window &* 16 {
                        even +=
                            pixel.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
                            * weight.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
                    }
                    target.storeBytes(of: even + sums.highHalf, as: SIMD4<Float>.self)
                    target += 16
                    weight += window &* 16
                }
            }
        }
    }

    /// The first, horizontal pass taken straight from 8-bit pixels (premultiplying when the
    /// image has transparency), so the full-size image is never converted to floats.
    init(filtering bitmap: Bitmap, horizontallyTo outWidth: Int) {
        let taps = FilterTaps.cached(source: bitmap.width, target: outWidth)
        let height = bitmap.height
        let sourceWidth = bitmap.width
        let translucent = bitmap.hasTransparency
        let count = outWidth * height * 4
        // Every element is written by filterRow, so the buffer is not zeroed first.
        let out = bitmap.pixels.withUnsafeBufferPointer { pixels in
            [Float](unsafeUninitializedCapacity: count) { output, initialized in
                initialized = count
                let row = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: sourceWidth)
                defer { row.deallocate() }
                guard let source = pixels.baseAddress, let target = output.baseAddress else { return }
                let floats = UnsafeMutableRawPointer(row).assumingMemoryBound(to: Float.self)
                for y in 0..<height {
                    let bytes = UnsafeRawPointer(source + y &* bitmap.bytesPerRow)
                    var x = 0
                    if !translucent {
                        // Four pixels a step: sixteen bytes widened to floats in registers.
                        while x &+ 4 <= sourceWidth {
                            let chunk = SIMD16<Float>(bytes.loadUnaligned(fromByteOffset: x &* 4, as: SIMD16<UInt8>.self))
                            UnsafeMutableRawPointer(floats + x &* 4).storeBytes(of: chunk, as: SIMD16<Float>.self)
                            x &+= 4
                        }
                    }
                    while x < sourceWidth {
                        var pixel = SIMD4<Float>(bytes.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt8>.self))
                        if translucent {
                            let alpha = pixel.w / 255
                            pixel *= SIMD4(alpha, alpha, alpha, 1)
                        }
                        row[x] = pixel
                        x &+= 1
                    }
                    Self.filterRow(floats, into: target + y &* outWidth &* 4, taps: taps, count: outWidth)
                }
            }
        }
        self.init(width: outWidth, height: height, values: out, premultiplied: translucent)
    }

    /// Each output row sums its taps' rows sixteen floats at a time in registers, the first tap
    /// assigning and the others adding in order (zero taps, the window's padding, skipped), as
    /// `plainFilteredVertically` does: no zeroing pass, no output re-read per tap.
    func filteredVertically(to outHeight: Int) -> FloatImage {
        let taps = FilterTaps.cached(source: height, target: outHeight)
        let rowBytes = width * 16
        let count = width * outHeight * 4
        let window = taps.window
        let out = values.withUnsafeBufferPointer { input in
            [Float](unsafeUninitializedCapacity: count) { output, initialized in
                initialized = count
                taps.weights.withUnsafeBufferPointer { weights in
                    guard let source = input.baseAddress, let target = output.baseAddress, let weights = weights.baseAddress
                    else { return }
                    for y in 0..<outHeight {
                        let outRow = UnsafeMutableRawPointer(target) + y &* rowBytes
                        let rows = UnsafeRawPointer(source) + taps.starts[y] &* rowBytes
                        let rowWeights = weights + y &* window
                        var offset = 0
                        while offset &+ 64 <= rowBytes {
                            var sum = rows.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self) * rowWeights[0]
                            for tap in 1..<window where rowWeights[tap] != 0 {
                                sum +=
                                    rows.loadUnaligned(fromByteOffset: tap &* rowBytes &+ offset, as: SIMD16<Float>.self)
                                    * rowWeights[tap]
                            }
                            outRow.storeBytes(of: sum, toByteOffset: offset, as: SIMD16<Float>.self)
                            offset &+= 64
                        }
                        while offset < rowBytes {
                            var sum = rows.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self) * rowWeights[0]
                            for tap in 1..<window where rowWeights[tap] != 0 {
                                sum +=
                                    rows.loadUnaligned(fromByteOffset: tap &* rowBytes &+ offset, as: SIMD4<Float>.self)
                                    * rowWeights[tap]
                            }
                            outRow.storeBytes(of: sum, toByteOffset: offset, as: SIMD4<Float>.self)
                            offset &+= 16
                        }
                    }
                }
            }
        }
        return FloatImage(width: width, height: outHeight, values: out, premultiplied: premultiplied)
    }

    /// Back to 8-bit straight alpha, rounded and clamped: a pixel a step, as `plainBitmap` does
    /// it a channel at a time.
    func bitmap() -> Bitmap {
        let count = width * height * 4
        let premultiplied = premultiplied
        let pixels = values.withUnsafeBytes { input in
            [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
                initialized = count
                guard let source = input.baseAddress, let target = output.baseAddress else { return }
                for pixel in 0..<(count / 4) {
                    var value = source.loadUnaligned(fromByteOffset: pixel &* 16, as: SIMD4<Float>.self)
                    if premultiplied {
                        let alpha = min(max(value.w, 0), 255)
                        let unpremultiply: Float = alpha > 0 ? 255 / alpha : 0
                        value *= SIMD4(unpremultiply, unpremultiply, unpremultiply, 1)
                    }
                    // Clamped to 0...255 first, so adding a half and truncating rounds (and is much
                    // cheaper than `rounded()`, a libm call per channel).
                    // `replace(with:where:)` is a `maxps` and a `minps`; `clamped` two library calls.
                    value.replace(with: 0, where: value .< 0)
                    value.replace(with: 255, where: value .> 255)
                    let rounded = Self.truncated(value + 0.5)
                    UnsafeMutableRawPointer(target).storeBytes(
                        of: SIMD4<UInt8>(truncatingIfNeeded: rounded), toByteOffset: pixel &* 4, as: SIMD4<UInt8>.self)
                }
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// Each lane of `value`, in 0...2²², truncated toward zero, as `Int32(_:)` does it, with no
    /// per-lane range check or library call (`SIMD4<Int32>(_:)` is a generic call per lane).
    ///
    /// Adding 2²³ rounds to the nearest integer, which the float's low bits then hold; one less
    /// where that rounded up.
    @inline(__always)
    static func truncated(_ value: SIMD4<Float>) -> SIMD4<Int32> {
        let magic: Float = 8_388_608
        let shifted = value + magic
        var integers = unsafeBitCast(shifted, to: SIMD4<Int32>.self) &- Int32(bitPattern: magic.bitPattern)
        integers.replace(with: integers &- 1, where: shifted - magic .> value)
        return integers
    }
}
