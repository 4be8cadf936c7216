// Written by Scripts/train-field-scorer.py; do not edit by hand.
// 4998 candidates (3960 fields) of 18 forms.

extension FieldScorer {
    /// The scorer fitted on the training forms (see ``FieldScorer``).
    static let trained = FieldScorer(
        featureNames: [
            "shape_box",
            "shape_underline",
            "shape_checkbox",
            "shape_comb",
            "rule_confidence",
            "log_width",
            "log_height",
            "log_aspect",
            "from_cell",
            "is_scan",
            "label_empty",
            "log_label_letters",
            "label_no_letters",
            "type_multiline",
            "type_date",
            "type_signature",
            "log_words_inside",
            "word_coverage",
            "ink_inside",
            "log_same_row",
            "log_same_column",
            "log_same_size",
            "log_overlapping",
            "log_page_candidates",
            "width_of_page",
        ],
        means: [0.426971, 0.190476, 0.364746, 0.0178071, 0.766337, 3.47714, 2.59408, 0.88306, 0.444778, 0.510604, 0.283113, 1.55804, 0.10084, 0.0552221, 0.0202081, 0.00780312, 0.0758989, 0.0659221, 0.0372035, 1.15047, 1.99697, 2.48436, 0.0241997, 4.26672, 0.107658],
        scales: [0.494638, 0.392677, 0.481359, 0.13225, 0.0968219, 1.15571, 0.505807, 1.02626, 0.496941, 0.499888, 0.450511, 1.46167, 0.301117, 0.228413, 0.140711, 0.08799, 0.279652, 0.223923, 0.115509, 0.88392, 0.985611, 1.57544, 0.147984, 0.848153, 0.158529],
        weights: [-0.33393, -0.290309, 0.73395, -0.560463, 0.800838, 1.01853, -0.136089, 1.22138, -0.481537, -0.0124788, -0.0532222, -0.0395493, 0.115258, 0.290446, -0.0291303, -0.173146, -0.114482, 0.322288, -0.691969, 0.267819, 0.921558, 0.370614, -0.157645, -1.00229, -1.31171],
        bias: 2.02464, threshold: 0.00)
}
