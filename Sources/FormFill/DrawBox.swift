/// A box on a page to draw one value into: points, top-left origin, and how the value is laid out.
struct DrawBox: Hashable, Sendable {
    /// How the value is laid out in the box.
    enum Layout: Hashable, Sendable {
        /// One line, font fitted to the height and shrunk to the width.
        case line
        /// Wrapped lines, top-aligned.
        case multiline
        /// One character per cell, `cells` equal cells across the box.
        case comb(cells: Int)
        /// A check mark when the value is truthy.
        case checkbox
        /// Script-like text or a PNG image.
        case signature
    }

    /// Horizontal placement of a single line.
    enum Alignment: Hashable, Sendable {
        case leading, center, trailing
    }

    var x: Double
    var y: Double
    var width: Double
    var height: Double
    var layout: Layout
    var alignment: Alignment = .leading
}
