/// The state of one resize: its plan (box factors, which Lanczos pass goes first), and the ring of
/// stage rows (shrunk, and filtered across when that pass goes first). Plain
/// values and pointers only, so the row loop copies nothing that is reference counted.
struct RowResampler {
    let base: UnsafePointer<UInt8>
    let bytesPerRow: Int
    let width: Int
    let height: Int
    let factorX: Int
    let factorY: Int
    let shrunkWidth: Int
    let shrunkHeight: Int
    /// The horizontal pass runs on each stage row, before the vertical one.
    let acrossFirst: Bool
    let translucent: Bool

    init(_ source: Bitmap, base: UnsafePointer<UInt8>, width: Int, height: Int) {
        self.base = base
        bytesPerRow = source.bytesPerRow
        self.width = width
        self.height = height
        // A box shrink to no more than twice the target; the pass that filters fewer lines first.
        factorX = max(1, source.width / (2 * width))
        factorY = max(1, source.height / (2 * height))
        shrunkWidth = source.width / factorX
        shrunkHeight = source.height / factorY
        let acrossWindow = shrunkWidth == width ? 0 : FilterTaps.cached(source: shrunkWidth, target: width).window
        let downWindow = shrunkHeight == height ? 0 : FilterTaps.cached(source: shrunkHeight, target: height).window
        acrossFirst =
            acrossWindow > 0
            && shrunkHeight * width * acrossWindow + height * width * downWindow
                <= height * shrunkWidth * downWindow + height * width * acrossWindow
        translucent = !Self.isOpaque(source, base: base)
    }

    /// `!source.hasTransparency`, eight bytes at a time.
    static func isOpaque(_ source: Bitmap, base: UnsafePointer<UInt8>) -> Bool {
        let alphas: UInt64 = 0xFF00_0000_FF00_0000
        let raw = UnsafeRawPointer(base)
        for y in 0..<source.height {
            let row = raw + y &* source.bytesPerRow
            var all = UInt64.max
            var offset = 0
            let pairs = (source.width / 2) &* 8
            while offset < pairs {
                all &= row.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                offset &+= 8
            }
            if source.width & 1 != 0 { all &= UInt64(row.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) | ~0xFFFF_FFFF }
            if all & alphas != alphas { return false }
        }
        return true
    }

    func run(_ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        let across = shrunkWidth == width ? nil : FilterTaps.cached(source: shrunkWidth, target: width)
        let down = shrunkHeight == height ? nil : FilterTaps.cached(source: shrunkHeight, target: height)
        let stageWidth = acrossFirst ? width : shrunkWidth
        let slots = down?.window ?? 1
        // One allocation, nothing zeroed: the ring, a converted source row, a filtered row and
        // the row across (when that pass goes last), all RGBA floats; then the bytes.
        let ringLength = slots * stageWidth * 4
        let converted = ringLength
        let filtered = converted + shrunkWidth * 4
        let output = filtered + stageWidth * 4
        let floats = UnsafeMutablePointer<Float>.allocate(capacity: output + width * 4)
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: width * 4)
        // The stage row each slot holds.
        let held = UnsafeMutablePointer<Int>.allocate(capacity: slots)
        held.initialize(repeating: -1, count: slots)
        defer {
            floats.deallocate()
            bytes.deallocate()
            held.deallocate()
        }
        func stageRow(_ row: Int) -> UnsafeMutablePointer<Float> {
            let slot = row % slots
            let pointer = floats + slot * stageWidth * 4
            if held[slot] != row {
                makeStageRow(row, into: pointer, scratch: floats + converted, across: across)
                held[slot] = row
            }
            return pointer
        }
        let downWeights = down?.weights ?? []
        downWeights.withUnsafeBufferPointer { downWeights in
            for y in 0..<height {
                var row: UnsafeMutablePointer<Float>
                if let down, let weights = downWeights.baseAddress {
                    row = floats + filtered
                    let first = down.starts[y]
                    Self.filterDown(
                        rows: { stageRow(first + $0) }, weights: weights + y * down.window, window: down.window,
                        count: stageWidth * 4, into: row)
                } else {
                    row = stageRow(y)
                }
                if !acrossFirst, let across {
                    Self.filterAcross(row, into: floats + output, taps: across)
                    row = floats + output
                }
                Self.toBytes(row, count: width, premultiplied: translucent, into: bytes)
                body(y, UnsafeBufferPointer(start: bytes, count: width * 4))
            }
        }
    }

    /// Stage row `row`: source rows shrunk by the box factors into floats (premultiplied when
    /// the image has transparency), then filtered across when that pass goes first.
    private func makeStageRow(
        _ row: Int, into target: UnsafeMutablePointer<Float>, scratch: UnsafeMutablePointer<Float>, across: FilterTaps?
    ) {
        guard let across, acrossFirst else {
            shrink(row, into: target)
            return
        }
        if factorX == 1 && factorY == 1 {
            // No box shrink: alpha as a fraction, so the sums stay in 0...255.
            convert(row, into: scratch)
        } else {
            shrink(row, into: scratch)
        }
        Self.filterAcross(scratch, into: target, taps: across)
    }

    /// Stage row `row` box-shrunk: each block summed in integers, scaled once.
    private func shrink(_ row: Int, into target: UnsafeMutablePointer<Float>) {
        let stride = bytesPerRow
        if !translucent && factorX == 1 && factorY == 1 {
            // A sum of one byte times 1: the byte itself.
            let line = base + row * stride
            Self.floats(UnsafeRawPointer(line), count: shrunkWidth * 4, into: target)
            return
        }
        let scale = 1 / Float(factorX * factorY)
        let colorScale = translucent ? scale / 255 : scale
        let factors = SIMD4(colorScale, colorScale, colorScale, scale)
        for x in 0..<shrunkWidth {
            var sum = SIMD4<UInt32>.zero
            for dy in 0..<factorY {
                let line = UnsafeRawPointer(base + (row &* factorY &+ dy) &* stride)
                for dx in 0..<factorX {
                    var pixel = SIMD4<UInt32>(
                        truncatingIfNeeded: line.loadUnaligned(
                            fromByteOffset: (x &* factorX &+ dx) &* 4, as: SIMD4<UInt8>.self))
                    if translucent { pixel &*= SIMD4(pixel.w, pixel.w, pixel.w, 1) }
                    sum &+= pixel
                }
            }
            let value = SIMD4<Float>(sum) * factors
            UnsafeMutableRawPointer(target + x &* 4).storeBytes(of: value, as: SIMD4<Float>.self)
        }
    }

    /// Source row `row` as floats, premultiplied by alpha as a fraction when translucent.
    private func convert(_ row: Int, into target: UnsafeMutablePointer<Float>) {
        let line = UnsafeRawPointer(base + row * bytesPerRow)
        guard translucent else {
            Self.floats(line, count: shrunkWidth * 4, into: target)
            return
        }
        for x in 0..<shrunkWidth {
            var pixel = SIMD4<Float>(line.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt8>.self))
            let alpha = pixel.w / 255
            pixel *= SIMD4(alpha, alpha, alpha, 1)
            UnsafeMutableRawPointer(target + x &* 4).storeBytes(of: pixel, as: SIMD4<Float>.self)
        }
    }

    /// `count` bytes as floats (a loop the compiler vectorizes; the SIMD conversion
    /// initializers are generic and slow).
    @inline(__always)
    static func floats(_ bytes: UnsafeRawPointer, count: Int, into target: UnsafeMutablePointer<Float>) {
        let bytes = bytes.assumingMemoryBound(to: UInt8.self)
        for index in 0..<count { target[index] = Float(bytes[index]) }
    }

    /// One output row filtered down: the first tap assigns, the others with a weight add, in
    /// tap order; 32 floats at a time summed over every tap in registers.
    static func filterDown(
        rows: (Int) -> UnsafeMutablePointer<Float>, weights: UnsafePointer<Float>, window: Int, count: Int,
        into target: UnsafeMutablePointer<Float>
    ) {
        withUnsafeTemporaryAllocation(of: (UnsafePointer<Float>, Float).self, capacity: window) { taps in
            var used = 0
            for tap in 0..<window where tap == 0 || weights[tap] != 0 {
                taps[used] = (UnsafePointer(rows(tap)), weights[tap])
                used &+= 1
            }
            let (first, weight) = taps[0]
            var index = 0
            while index &+ 32 <= count {
                var low = UnsafeRawPointer(first + index).loadUnaligned(as: SIMD16<Float>.self) * weight
                var high = UnsafeRawPointer(first + (index &+ 16)).loadUnaligned(as: SIMD16<Float>.self) * weight
                for tap in 1..<used {
                    let (row, weight) = taps[tap]
                    low += UnsafeRawPointer(row + index).loadUnaligned(as: SIMD16<Float>.self) * weight
                    high += UnsafeRawPointer(row + (index &+ 16)).loadUnaligned(as: SIMD16<Float>.self) * weight
                }
                UnsafeMutableRawPointer(target + index).storeBytes(of: low, as: SIMD16<Float>.self)
                UnsafeMutableRawPointer(target + (index &+ 16)).storeBytes(of: high, as: SIMD16<Float>.self)
                index &+= 32
            }
            while index < count {
                var sum = first[index] * weight
                for tap in 1..<used { sum += taps[tap].0[index] * taps[tap].1 }
                target[index] = sum
                index &+= 1
            }
        }
    }

    /// RGBA outputs, `taps.lanes` (each weight in four lanes: a pixel multiplied by one load, no
    /// shuffle per tap), even and odd taps summed apart, then added.
    static func filterAcross(_ row: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>, taps: FilterTaps) {
        let window = taps.window
        taps.starts.withUnsafeBufferPointer { starts in
            taps.lanes.withUnsafeBytes { lanes in
                guard var weight = lanes.baseAddress else { return }
                var target = UnsafeMutableRawPointer(output)
                for start in starts {
                    var even: SIMD4<Float> = .zero
                    var odd: SIMD4<Float> = .zero
                    let pixel = UnsafeRawPointer(row + start &* 4)
                    var offset = 0
                    let pairs = (window & ~1) &* 16
                    while offset < pairs {
                        even +=
                            pixel.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
                            * weight.load(fromByteOffset: offset, as: SIMD4<Float>.self)
                        odd +=
                            pixel.loadUnaligned(fromByteOffset: offset &+ 16, as: SIMD4<Float>.self)
                            * weight.load(fromByteOffset: offset &+ 16, as: SIMD4<Float>.self)
                        offset &+= 32
                    }
                    if window & 1 != 0 {
                        even +=
                            pixel.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
                            * weight.load(fromByteOffset: offset, as: SIMD4<Float>.self)
                    }
                    target.storeBytes(of: even + odd, as: SIMD4<Float>.self)
                    target += 16
                    weight += window &* 16
                }
            }
        }
    }

    /// A row back to bytes: straight alpha, clamped to 0...255, plus a half, truncated.
    static func toBytes(_ row: UnsafePointer<Float>, count: Int, premultiplied: Bool, into target: UnsafeMutablePointer<UInt8>) {
        guard premultiplied else {
            for index in 0..<count &* 4 { target[index] = byte(min(max(row[index], 0), 255) + 0.5) }
            return
        }
        for index in stride(from: 0, to: count &* 4, by: 4) {
            let alpha = min(max(row[index &+ 3], 0), 255)
            let unpremultiply: Float = alpha > 0 ? 255 / alpha : 0
            for channel in 0..<3 {
                target[index &+ channel] = byte(min(max(row[index &+ channel] * unpremultiply, 0), 255) + 0.5)
            }
            target[index &+ 3] = byte(alpha + 0.5)
        }
    }

    /// `UInt8(value)` for `value` in 0...255.5, without the range check that keeps the compiler
    /// from vectorizing: the float's floor, read from the mantissa once 2²³ is added.
    @inline(__always)
    static func byte(_ value: Float) -> UInt8 {
        let magic: Float = 8_388_608
        var floor = (value + magic) - magic
        if floor > value { floor -= 1 }
        return UInt8(truncatingIfNeeded: (floor + magic).bitPattern)
    }
}
