internal import CLeptonica

extension Image {
    /// The bounding boxes of the connected groups of ink pixels in a binary image, in no particular order.
    ///
    /// - Parameter eightConnected: true joins pixels that touch at corners too; false only edge neighbours.
    /// - Throws: `ImagingError.unsupportedDepth` unless the image is 1-bit (binarise first).
    public func connectedComponents(eightConnected: Bool = true) throws(ImagingError) -> [PixelRect] {
        guard depth == 1 else {
            throw ImagingError.unsupportedDepth(operation: "connected components", depth: depth, expected: "1-bit")
        }
        return try withPix { pix throws(ImagingError) in
            guard let boxes = pixConnCompBB(pix, eightConnected ? 8 : 4) else {
                throw ImagingError.operationFailed(operation: "connected components")
            }
            var handle: UnsafeMutablePointer<BOXA>? = boxes
            defer { boxaDestroy(&handle) }
            let count = boxaGetCount(boxes)
            var rects: [PixelRect] = []
            rects.reserveCapacity(Int(count))
            for index in 0..<count {
                var x: l_int32 = 0, y: l_int32 = 0, w: l_int32 = 0, h: l_int32 = 0
                if boxaGetBoxGeometry(boxes, index, &x, &y, &w, &h) == 0 {
                    rects.append(PixelRect(x: Int(x), y: Int(y), width: Int(w), height: Int(h)))
                }
            }
            return rects
        }
    }

    /// The number of ink pixels (value 1) in a binary image.
    public func inkPixelCount() throws(ImagingError) -> Int {
        guard depth == 1 else {
            throw ImagingError.unsupportedDepth(operation: "ink count", depth: depth, expected: "1-bit")
        }
        return try withPix { pix throws(ImagingError) in
            var count: l_int32 = 0
            guard pixCountPixels(pix, &count, nil) == 0 else { throw ImagingError.operationFailed(operation: "ink count") }
            return Int(count)
        }
    }
}
