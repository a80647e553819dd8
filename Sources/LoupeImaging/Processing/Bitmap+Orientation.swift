extension Bitmap {
    /// The bitmap turned upright for an Exif orientation (1...8; anything else is left alone).
    public func oriented(exif orientation: Int) -> Bitmap {
        guard (2...8).contains(orientation) else { return self }
        let swaps = orientation >= 5
        let outWidth = swaps ? height : width
        let outHeight = swaps ? width : height
        var output = Bitmap(width: outWidth, height: outHeight)
        for y in 0..<outHeight {
            for x in 0..<outWidth {
                // Where output pixel (x, y) comes from in the stored image.
                let (sx, sy): (Int, Int) =
                    switch orientation {
                    case 2: (width - 1 - x, y)
                    case 3: (width - 1 - x, height - 1 - y)
                    case 4: (x, height - 1 - y)
                    case 5: (y, x)
                    case 6: (y, height - 1 - x)
                    case 7: (width - 1 - y, height - 1 - x)
                    default: (width - 1 - y, x)  // 8
                    }
                output[x, y] = self[sx, sy]
            }
        }
        return output
    }
}
