/// The block structure of a GIF (GIF89a specification, sections 17-27), walked without decoding pixels.
///
/// A GIF's logical screen size says nothing about its frames: each image descriptor declares its own width and
/// height, a file may hold hundreds of frames, and giflib's reader (behind Leptonica's) decodes every frame into
/// memory at its declared size before the first is used. So before decoding, every frame's declared size is held
/// to the pixel limit, and only the first frame is handed to the decoder (the stream is cut after its data and
/// closed with a trailer).
enum GIFFrames {
    /// The bytes of a GIF holding only its first frame, or an error naming what is wrong.
    ///
    /// - Throws: `ImagingError.tooManyPixels` when any frame declares more than `maxPixels`, `.damaged` when the
    ///   block structure is broken or holds no frame.
    static func firstFrameOnly(_ bytes: UnsafeRawBufferPointer, maxPixels: Int) throws(ImagingError) -> [UInt8] {
        func le16(_ at: Int) -> Int? { at + 2 <= bytes.count ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : nil }
        func damaged(_ reason: String) -> ImagingError { .damaged(format: .gif, reason: reason) }
        /// Skips data sub-blocks (a size byte, then that many bytes) through the zero-size terminator.
        func skipSubBlocks(from start: Int) throws(ImagingError) -> Int {
            var offset = start
            while true {
                guard offset < bytes.count else { throw damaged("a data block runs past the end of the file") }
                let size = Int(bytes[offset])
                offset += 1 + size
                if size == 0 { return offset }
            }
        }

        // Header (6 bytes) and logical screen descriptor (7): a global colour table follows when flagged.
        guard bytes.count >= 13 else { throw damaged("the file is shorter than its header") }
        var offset = 13
        let screenFlags = bytes[10]
        if screenFlags & 0x80 != 0 { offset += 3 << (Int(screenFlags & 0x07) + 1) }
        var firstFrameEnd: Int?
        while true {
            guard offset < bytes.count else {
                // Many GIFs in the wild lack the trailer; what was read is what there is.
                break
            }
            let introducer = bytes[offset]
            if introducer == 0x3B { break }  // trailer
            if introducer == 0x21 {  // extension: label, then sub-blocks
                offset = try skipSubBlocks(from: offset + 2)
                continue
            }
            guard introducer == 0x2C else { throw damaged("unknown block 0x\(String(introducer, radix: 16))") }
            guard let width = le16(offset + 5), let height = le16(offset + 7), offset + 10 <= bytes.count else {
                throw damaged("an image descriptor is cut short")
            }
            if ImageHeader.pixelCount(width: width, height: height) > maxPixels {
                throw ImagingError.tooManyPixels(width: width, height: height, limit: maxPixels)
            }
            let flags = bytes[offset + 9]
            offset += 10
            if flags & 0x80 != 0 { offset += 3 << (Int(flags & 0x07) + 1) }  // local colour table
            offset = try skipSubBlocks(from: offset + 1)  // LZW minimum code size, then the image data
            if firstFrameEnd == nil { firstFrameEnd = offset }
        }
        guard let end = firstFrameEnd else { throw damaged("it holds no image") }
        var first = Array(UnsafeRawBufferPointer(rebasing: bytes[0..<end]))
        first.append(0x3B)
        return first
    }
}
