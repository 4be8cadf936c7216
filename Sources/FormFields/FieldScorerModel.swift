// Written by Scripts/train-field-scorer.py; do not edit by hand.
// 4928 candidates (3983 fields) of 18 forms.

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
        means: [
            0.408279, 0.197037, 0.370333, 0.0243506, 0.765087, 3.50256, 2.59243, 0.910135,
            0.432427, 0.521713, 0.281047, 1.56183, 0.101664, 0.0560065, 0.0198864, 0.00791396,
            0.0772953, 0.0668119, 0.0382341, 1.11689, 1.99829, 2.44585, 0.0495493, 4.23639,
            0.112446,
        ],
        scales: [
            0.491515, 0.397761, 0.482894, 0.154135, 0.097935, 1.18058, 0.509158, 1.04848,
            0.495413, 0.499528, 0.44951, 1.46447, 0.302206, 0.229934, 0.13961, 0.0886077,
            0.281763, 0.225263, 0.116288, 0.866203, 0.996489, 1.58419, 0.217516, 0.830527,
            0.163236,
        ],
        weights: [
            0.188252, -0.339882, 0.241788, -0.480712, 0.932969, 1.0164, -0.0182048, 1.15945,
            -1.11198, -0.217292, -0.207357, 0.0106042, 0.000197149, 0.174123, -0.0543142, -0.179384,
            -0.154583, 0.328985, -0.633766, 0.324587, 0.781512, 0.681315, -0.314919, -0.7668,
            -1.22227,
        ],
        bias: 2.16814, threshold: 0.00)
}
