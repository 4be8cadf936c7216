/// Outcomes of store operations that the routes turn into HTTP errors.
enum StoreError: Error, Equatable {
    /// No such row for this owner.
    case notFound
    /// The row is in a state that does not allow the operation; the message says which.
    case conflict(String)
    /// The request names regions the document does not have.
    case unknownRegions([String])
    /// The database cannot be reached or refused the statement; the message says which (503).
    case unavailable(String)
}
