internal import CLeptonica

extension Image {
    /// The pixels as 32-bit words `0xFFRRGGBB` (Cairo's `RGB24`/`ARGB32` in native byte order), row after row
    /// with no padding (`width * height` words). Grey and binary images are expanded to grey RGB.
    public func argb32Words() throws(ImagingError) -> [UInt32] {
        let rgb: Image
        if depth == 32 {
            rgb = self
        } else {
            rgb = try withPix { pix throws(ImagingError) in
                try Image.take(pixConvertTo32(pix), operation: "RGB conversion")
            }
        }
        return rgb.withPix { pix in
            let w = Int(pixGetWidth(pix)), h = Int(pixGetHeight(pix)), wpl = Int(pixGetWpl(pix))
            guard let data = pixGetData(pix) else { return [] }
            var out = [UInt32](repeating: 0, count: w * h)
            out.withUnsafeMutableBufferPointer { dest in
                for y in 0..<h {
                    let line = data + y * wpl
                    for x in 0..<w { dest[y * w + x] = 0xFF00_0000 | (line[x] >> 8) }
                }
            }
            return out
        }
    }
}
