/// A field found on the raster, before labelling and typing.
struct VisualCandidate {
    enum Shape {
        /// An empty box or the empty part of a box below/after its caption.
        case box
        /// The space above a ruling.
        case underline
        /// A small square or circle.
        case checkbox
        /// A row of equal cells: one character each.
        case comb
    }

    var box: Box
    var shape: Shape
    var confidence: Double
    var maxLength: Int?
    /// The whole cell the field lies in (for captions inside the cell), when it came from a box.
    var cell: Box?
}
