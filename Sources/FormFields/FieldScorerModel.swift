// Written by Scripts/train-field-scorer.py; do not edit by hand.
// 4908 candidates (3968 fields) of 18 forms.

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
        means: [0.409943, 0.193969, 0.371842, 0.0242461, 0.76574, 3.49544, 2.592, 0.903436, 0.434189, 0.519764, 0.281581, 1.5605, 0.102078, 0.0562347, 0.0199674, 0.00794621, 0.0776558, 0.0671561, 0.0383891, 1.11933, 2.00278, 2.45518, 0.0497512, 4.23675, 0.111023],
        scales: [0.491823, 0.395405, 0.483296, 0.153812, 0.0975887, 1.17614, 0.510171, 1.04365, 0.49565, 0.499609, 0.44977, 1.46573, 0.302751, 0.230374, 0.139888, 0.0887866, 0.282522, 0.225783, 0.116505, 0.866615, 0.99559, 1.5808, 0.217936, 0.834171, 0.161],
        weights: [-0.220294, -0.115979, 0.516444, -0.620181, 0.939528, 1.02865, -0.0138221, 1.17221, -0.41105, -0.227144, -0.189966, 0.0344515, 0.00969869, 0.176656, -0.0537158, -0.177583, -0.139838, 0.32734, -0.635097, 0.323976, 0.78463, 0.686883, -0.30734, -0.784735, -1.25341],
        bias: 2.17871, threshold: 0.00)
}
