/// RGBA as floats, premultiplied when the source had transparency: the resampler's working form.
struct FloatImage {
    var width: Int
    var height: Int
    var values: [Float]
    var premultiplied: Bool

    init(width: Int, height: Int, values: [Float], premultiplied: Bool) {
        self.width = width
        self.height = height
        self.values = values
        self.premultiplied = premultiplied
    }

    init(_ bitmap: Bitmap) {
        let width = bitmap.width
        let height = bitmap.height
        var translucent = false
        var values = [Float](repeating: 0, count: width * height * 4)
        bitmap.pixels.withUnsafeBufferPointer { pixels in
            values.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let row = y * bitmap.bytesPerRow
                    for x in 0..<width {
                        let alpha = pixels[row + x * 4 + 3]
                        if alpha != 255 { translucent = true }
                        for channel in 0..<4 {
                            out[(y * width + x) * 4 + channel] = Float(pixels[row + x * 4 + channel])
                        }
                    }
                }
                if translucent {
                    for index in stride(from: 0, to: out.count, by: 4) {
                        let alpha = out[index + 3] / 255
                        out[index] *= alpha
                        out[index + 1] *= alpha
                        out[index + 2] *= alpha
                    }
                }
            }
        }
        self.width = width
        self.height = height
        self.values = values
        premultiplied = translucent
    }

    /// Averages each `byX` x `byY` block into one pixel.
    func boxShrunk(byX factorX: Int, byY factorY: Int) -> FloatImage {
        let outWidth = width / factorX, outHeight = height / factorY
        var out = [Float](repeating: 0, count: outWidth * outHeight * 4)
        let scale = 1 / Float(factorX * factorY)
        values.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        var sum: SIMD4<Float> = .zero
                        for dy in 0..<factorY {
                            var index = ((y * factorY + dy) * width + x * factorX) * 4
                            for _ in 0..<factorX {
                                sum += SIMD4(input[index], input[index + 1], input[index + 2], input[index + 3])
                                index += 4
                            }
                        }
                        sum *= scale
                        let target = (y * outWidth + x) * 4
                        output[target] = sum.x
                        output[target + 1] = sum.y
                        output[target + 2] = sum.z
                        output[target + 3] = sum.w
                    }
                }
            }
        }
        return FloatImage(width: outWidth, height: outHeight, values: out, premultiplied: premultiplied)
    }

    func filteredHorizontally(to outWidth: Int) -> FloatImage {
        let taps = FilterTaps(source: width, target: outWidth)
        var out = [Float](repeating: 0, count: outWidth * height * 4)
        values.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                for y in 0..<height {
                    let rowStart = y * width * 4
                    for x in 0..<outWidth {
                        var sum: SIMD4<Float> = .zero
                        let first = taps.starts[x]
                        let weightBase = x * taps.stride
                        for tap in 0..<taps.counts[x] {
                            let index = rowStart + (first + tap) * 4
                            sum += SIMD4(input[index], input[index + 1], input[index + 2], input[index + 3]) * taps.weights[weightBase + tap]
                        }
                        let target = (y * outWidth + x) * 4
                        output[target] = sum.x
                        output[target + 1] = sum.y
                        output[target + 2] = sum.z
                        output[target + 3] = sum.w
                    }
                }
            }
        }
        return FloatImage(width: outWidth, height: height, values: out, premultiplied: premultiplied)
    }

    func filteredVertically(to outHeight: Int) -> FloatImage {
        let taps = FilterTaps(source: height, target: outHeight)
        var out = [Float](repeating: 0, count: width * outHeight * 4)
        let rowLength = width * 4
        values.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                for y in 0..<outHeight {
                    let targetRow = y * rowLength
                    let first = taps.starts[y]
                    let weightBase = y * taps.stride
                    for tap in 0..<taps.counts[y] {
                        let weight = taps.weights[weightBase + tap]
                        let sourceRow = (first + tap) * rowLength
                        for index in 0..<rowLength {
                            output[targetRow + index] += input[sourceRow + index] * weight
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
                    for channel in 0..<3 {
                        output[index + channel] = UInt8(min(max(input[index + channel] * unpremultiply, 0), 255).rounded())
                    }
                    output[index + 3] = UInt8(alpha.rounded())
                }
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }
}
