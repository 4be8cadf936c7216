import Foundation
import LegibleImaging

/// The photo at two resolutions: the full-resolution grey image that lines are read from, and a smaller,
/// straightened working copy that lines are found in. Converts rectangles between the two.
struct WorkingFrame {
    /// Full-resolution grey image, as decoded (upright by EXIF, not deskewed).
    let gray: Image
    /// The working copy: `gray` scaled by `scale` and rotated by `angle` degrees clockwise about its centre.
    let working: Image
    let scale: Double
    let angle: Double

    init(gray: Image, scale: Double, angle: Double, unrotated: Image) throws {
        self.gray = gray
        self.scale = scale
        self.angle = angle
        self.working = angle == 0 ? unrotated : try unrotated.rotated(byDegrees: angle)
    }

    /// A working-frame point taken back to full-resolution coordinates.
    private func toFullResolution(_ x: Double, _ y: Double) -> (Double, Double) {
        let cx = Double(working.width) / 2, cy = Double(working.height) / 2
        let theta = -angle * .pi / 180
        let dx = x - cx, dy = y - cy
        let ux = cx + dx * cos(theta) - dy * sin(theta)
        let uy = cy + dx * sin(theta) + dy * cos(theta)
        return (ux / scale, uy / scale)
    }

    /// The full-resolution pixels under a working-frame rectangle, straightened like the working copy and
    /// scaled by `factor`, plus a function taking rectangles of that crop back to full-resolution
    /// coordinates (the bounding box of the rectangle's corners).
    ///
    /// A line still tilted in the working copy (perspective turns lines by different angles) is cut straight
    /// with `residualDegrees` (clockwise, as ``Image/rotated(byDegrees:)``) and `straightHeight`: the band's
    /// height once its tilt is taken out, in working-frame pixels.
    func crop(_ band: PixelRect, factor: Double, residualDegrees: Double = 0, straightHeight: Int? = nil) throws
        -> (image: Image, toImage: (PixelRect) -> PixelRect)
    {
        let angle = angle + residualDegrees
        let width = Double(band.width) / scale, height = Double(straightHeight ?? band.height) / scale
        let (centreX, centreY) = toFullResolution(Double(band.x) + Double(band.width) / 2,
                                                  Double(band.y) + Double(band.height) / 2)
        if angle == 0 {
            let rect = PixelRect(x: Int(centreX - width / 2), y: Int(centreY - height / 2), width: Int(width),
                                 height: Int(height))
            let clipped = rect.intersection(gray.bounds) ?? gray.bounds
            let image = try gray.cropped(to: clipped).scaled(by: factor)
            return (image, { box in
                PixelRect(x: clipped.x + Int(Double(box.x) / factor), y: clipped.y + Int(Double(box.y) / factor),
                          width: Int(Double(box.width) / factor), height: Int(Double(box.height) / factor))
            })
        }
        // Cut the axis-aligned box that holds the band at this angle (not a square of its diagonal: bands are
        // wide and short, and rotation cost grows with the area), straighten it about its centre, then keep
        // the band where its centre went.
        let radians = angle * .pi / 180
        let cosine = abs(cos(radians)), sine = abs(sin(radians))
        let outerWidth = max(width, width * cosine + height * sine) + 4
        let outerHeight = max(height, width * sine + height * cosine) + 4
        let outer = PixelRect(x: Int(centreX - outerWidth / 2), y: Int(centreY - outerHeight / 2),
                              width: Int(outerWidth.rounded(.up)), height: Int(outerHeight.rounded(.up)))
        let clipped = outer.intersection(gray.bounds) ?? gray.bounds
        let straightened = try gray.cropped(to: clipped).rotated(byDegrees: angle)
        let pivotX = Double(clipped.width) / 2, pivotY = Double(clipped.height) / 2
        // Where the band's centre lands after the rotation about the crop's centre (the crop may have been
        // clipped at the photo's edge, so the two centres can differ).
        let offsetX = centreX - Double(clipped.x) - pivotX, offsetY = centreY - Double(clipped.y) - pivotY
        let movedX = pivotX + offsetX * cos(radians) - offsetY * sin(radians)
        let movedY = pivotY + offsetX * sin(radians) + offsetY * cos(radians)
        let inner = PixelRect(x: Int(movedX - width / 2), y: Int(movedY - height / 2), width: Int(width),
                              height: Int(height))
        let innerClipped = inner.intersection(straightened.bounds) ?? straightened.bounds
        let image = try straightened.cropped(to: innerClipped).scaled(by: factor)
        let theta = -radians
        return (image, { box in
            var xs: [Double] = [], ys: [Double] = []
            for (bx, by) in [(box.x, box.y), (box.maxX, box.y), (box.x, box.maxY), (box.maxX, box.maxY)] {
                let sx = Double(innerClipped.x) + Double(bx) / factor - pivotX
                let sy = Double(innerClipped.y) + Double(by) / factor - pivotY
                xs.append(Double(clipped.x) + pivotX + sx * cos(theta) - sy * sin(theta))
                ys.append(Double(clipped.y) + pivotY + sx * sin(theta) + sy * cos(theta))
            }
            let minX = xs.min()!, minY = ys.min()!
            return PixelRect(x: Int(minX), y: Int(minY), width: Int(xs.max()! - minX), height: Int(ys.max()! - minY))
        })
    }
}
