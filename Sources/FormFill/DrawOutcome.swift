/// What happened to one value when it was drawn.
enum DrawOutcome: Hashable, Sendable {
    /// Drawn whole.
    case drawn
    /// Drawn at the smallest font size and still too large: clipped to the box.
    case clipped
    /// More characters than the field has cells: the rest were dropped (count dropped).
    case truncated(dropped: Int)
    /// Nothing drawn (an unchecked check box, an empty value).
    case nothing
}
