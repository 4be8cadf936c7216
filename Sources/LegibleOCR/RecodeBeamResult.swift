/// One character on the best path of a ``RecodeBeamSearch`` decode, as Tesseract's
/// `RecodeBeamSearch::ExtractPathAsUnicharIds` reports it.
///
/// Timesteps are network output columns. One timestep covers 3 columns of the line image after it was
/// scaled to the network height (the models' 3×3 max-pool), so scaled-image column = 3 × timestep. See
/// ``RecodeBeamResult/characterBoundaries`` for how Tesseract turns timesteps into box edges.
struct RecodeBeamCharacter: Equatable, Sendable {
    /// The unichar id in the model's unicharset (0 = space).
    var unicharID: Int
    /// Tesseract's certainty: the minimum of the node certainties over the character's run (the nulls
    /// before it, its own node and its duplicates; nulls at the end of the line go to the last character,
    /// nulls before a space to the character before the space). Node certainties are
    /// `(ln p + certOffset) × dictRatio`, so this is ≤ 0 and at least −45.
    var certainty: Float
    /// Tesseract's rating: minus the sum of the same node certainties (≥ 0).
    var rating: Float
    /// The timestep of the character's own node (Tesseract's `xcoords[i]`); the nulls before it are not included.
    var startTimestep: Int
    /// One past the last timestep of the character's node and its duplicates.
    var endTimestep: Int
    /// The permuter of the character's own node: ``Permuter/topChoice`` off the dictionary beams, else the
    /// word list that accepted the word up to here (``Permuter/none`` for a space starting a dictionary word
    /// after a plain one).
    var permuter: Permuter = .topChoice
    /// Whether the character starts a dictionary word (a word break even without a space).
    var startsWord = false

    /// The symbol confidence Tesseract reports (`RIL_SYMBOL`, hOCR `x_conf`): `100 + 5 × certainty`, in 0...100.
    var confidence: Float {
        min(max(100 + 5 * certainty, 0), 100)
    }
}

/// One alternative for a symbol, as Tesseract's `lstm_choice_mode = 2` produces it (`CTC_symbol_choices`).
struct RecodeBeamChoice: Equatable, Sendable {
    /// The unichar id in the model's unicharset (0 = space).
    var unicharID: Int
    /// The rating of the alternative's run: minus the sum of its node certainties (≥ 0).
    var rating: Float
    /// What `TessChoiceIteratorConfidence` returns: `100 − 5 × rating` (`lstm_rating_coefficient` 5),
    /// in 0...100.
    var confidence: Float
}

/// A word of the best path: the characters between spaces, as Tesseract's `ExtractBestPathAsWords` splits them.
struct RecodeBeamWord: Equatable, Sendable {
    /// Indices into ``RecodeBeamResult/characters``. A word can start with a space character when the line
    /// has two spaces in a row (Tesseract keeps the second space as the word's first symbol).
    var characters: Range<Int>
    /// Whether a space character precedes the word (false for the first word of the line).
    var hasLeadingSpace: Bool
    /// The lower of the certainties of the spaces before and after the word (0 where there is none).
    var spaceCertainty: Float
    /// `min(spaceCertainty, minimum character certainty)`, in the units of ``RecodeBeamCharacter/certainty``.
    var certainty: Float
    /// The alternatives `TessResultIteratorGetChoiceIterator` lists for each symbol of the word, in order; empty
    /// lists where it lists none, and no lists at all when choices were not requested.
    var symbolChoices: [[RecodeBeamChoice]]
    /// The permuter of the word's last character (what Tesseract's `FakeWordFromRatings` records for it).
    var permuter: Permuter = .topChoice

    /// The word confidence Tesseract reports (`RIL_WORD`, hOCR `x_wconf` before truncation):
    /// `100 + 5 × 7 × certainty` (kCertaintyScale 7), in 0...100.
    var confidence: Float {
        min(max(100 + 5 * (certainty * 7), 0), 100)
    }
}

/// The result of ``RecodeBeamSearch/decode(_:includeChoices:)``.
struct RecodeBeamResult: Equatable, Sendable {
    /// The number of timesteps decoded.
    var timesteps: Int
    /// The characters of the best path, spaces included, in reading order.
    var characters: [RecodeBeamCharacter]
    /// The words, split at space characters, as Tesseract's result iterators list them: a space at the very
    /// end of the line belongs to no word, and words made only of spaces are left out.
    var words: [RecodeBeamWord]
    /// Tesseract's `character_boundaries_`, in timesteps: `characters.count + 1` values when there are
    /// characters, else empty. Entry 0 is 0, the last is `timesteps`, and entry i (0 < i < count) is
    /// `end(i−1) + (start(i) − end(i−1)) / 2` (integer division), where start counts the nulls before a
    /// character, i.e. the midpoint of the null run between two characters.
    ///
    /// Tesseract's boxes: `InitializeWord` gives character i a fake blob spanning x from `floor(b[i] × s) + left`
    /// to `ceil(b[i+1] × s) + left` in image pixels, with `left` the line box's left edge (`GetRectImage`'s box: the
    /// word box padded by 4 and clipped; for `--psm 13` the whole image, so 0) and `s = 3 / (36 / h)` as a Float
    /// (x-scale factor 3 over the factor that scaled the line of height h to the network's 36 rows). In
    /// scaled-image columns that is simply `3·b[i] ..< 3·b[i+1]`. `PAGE_RES_IT::ReplaceCurrentWord` then swaps the
    /// fake blobs for the line's real connected components: character i gets the components whose x-middle lies
    /// before the midpoint of fake blob i's right edge and fake blob i+1's left edge, and its reported box
    /// (`RIL_SYMBOL`, hOCR `x_bboxes`) is their union clipped to the word's bounds; only a character that gets
    /// no component keeps its fake box. So the timesteps decide where the cuts fall and the ink decides the boxes.
    var characterBoundaries: [Int]
    /// Tesseract's `ctc_choices`: for each character (spaces included), the best choice of the main beam and
    /// then the best of each secondary beam, unfiltered. Empty when choices were not requested.
    var characterChoices: [[RecodeBeamChoice]]

    /// The unichar ids of the characters, spaces included.
    var unicharIDs: [Int] {
        characters.map(\.unicharID)
    }
}
