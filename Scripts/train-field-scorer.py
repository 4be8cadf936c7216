#!/usr/bin/env python3
"""Fit the learned candidate scorer of visual field detection (FormFields' FieldScorer).

Reads the training tables `ocrbench forms --candidate-table DIR` writes (candidates.csv: one row per candidate
the visual rules find, its features and whether it is a field; truth.csv: fields per document), fits a logistic
regression with an L2 penalty, and reports leave-one-form-out cross-validation: each form's candidates are
scored by a model fitted on the other forms, so every figure is on a form the model did not see. The threshold
is the one that maximises F1 of the cross-validated predictions. With --write, the model fitted on all the
tables goes into Sources/FormFields/FieldScorerModel.swift.

Usage (from the repository root, after `swift build -c release --product ocrbench`):

    .build/release/ocrbench forms --dir ../shared/forms/more \
        --validation TestImages/forms/validation-stems.txt --candidate-table .build/scorer/more
    .build/release/ocrbench forms --dir ../shared/forms --candidate-table .build/scorer/derived
    python3 Scripts/train-field-scorer.py .build/scorer/more .build/scorer/derived --write

Needs numpy only. Training data never includes the validation forms: the table writer leaves them out.
"""

import argparse
import csv
import math
import os
import sys

import numpy as np

MODEL_PATH = os.path.join(os.path.dirname(__file__), "..", "Sources", "FormFields", "FieldScorerModel.swift")
L2 = 1.0  # penalty on the standardised weights (the intercept is not penalised)


def read_tables(folders):
    names, rows, truth = None, [], {}
    for folder in folders:
        with open(os.path.join(folder, "candidates.csv")) as f:
            reader = csv.reader(f)
            header = next(reader)
            if names is None:
                names = header[5:]
            elif header[5:] != names:
                sys.exit(f"{folder}: feature columns differ from the first table's")
            for row in reader:
                rows.append((row[0], row[1], row[2], int(row[4]), [float(v) for v in row[5:]]))
        with open(os.path.join(folder, "truth.csv")) as f:
            for row in csv.DictReader(f):
                truth[(row["form"], row["kind"])] = (row["split"], int(row["truth"]))
    return names, rows, truth


def fit(x, y):
    """Logistic regression by Newton's method on standardised features; returns (mean, scale, weights, bias)."""
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    z = np.hstack([np.ones((len(x), 1)), (x - mean) / scale])
    w = np.zeros(z.shape[1])
    penalty = np.full(z.shape[1], L2)
    penalty[0] = 0.0
    for _ in range(50):
        p = 1 / (1 + np.exp(-(z @ w)))
        gradient = z.T @ (p - y) + penalty * w
        hessian = (z * (p * (1 - p))[:, None]).T @ z + np.diag(penalty + 1e-9)
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return mean, scale, w[1:], w[0]


def predict(model, x):
    mean, scale, weights, bias = model
    return 1 / (1 + np.exp(-(((x - mean) / scale) @ weights + bias)))


def counts(p, y, threshold):
    kept = p >= threshold
    return int(kept.sum()), int((kept & (y == 1)).sum())


def summary(p, y, forms, kinds, truth, split, threshold):
    """Precision, recall and per-form mean recall of each kind when candidates under `threshold` are dropped."""
    lines = []
    for kind in ("born-digital", "scan"):
        of_kind = kinds == kind
        documents = [(f, n) for (f, k), (s, n) in sorted(truth.items()) if k == kind and s == split and n > 0]
        total = sum(n for _, n in documents)
        if total == 0:
            continue
        kept, matched = counts(p[of_kind], y[of_kind], threshold)
        mean_recall = np.mean([counts(p[of_kind & (forms == f)], y[of_kind & (forms == f)], threshold)[1] / n
                               for f, n in documents])
        precision = matched / kept if kept else 1.0
        lines.append(f"  {kind:12s} P {precision:.3f}  R {matched / total:.3f}  per-form mean R {mean_recall:.3f}"
                     f"  ({len(documents)} forms, {total} fields)")
    return lines


def reliability(p, y):
    """Observed share of fields among candidates by predicted probability, the calibration of the confidence."""
    lines = []
    for low, high in ((0.0, 0.5), (0.5, 0.7), (0.7, 0.8), (0.8, 0.9), (0.9, 0.95), (0.95, 1.01)):
        sel = (p >= low) & (p < high)
        if sel.sum():
            lines.append(f"  {low:.2f}-{min(high, 1):.2f}: {int(sel.sum()):5d} candidates, predicted {p[sel].mean():.3f},"
                         f" fields {y[sel].mean():.3f}")
    return lines


def ranking(p, y):
    """Area under the ROC curve (how well the confidence orders fields above the rest) and the Brier score."""
    order = np.argsort(p, kind="stable")
    ranks = np.empty(len(p))
    ranks[order] = np.arange(1, len(p) + 1)
    positives = y == 1
    n_pos, n_neg = positives.sum(), (~positives).sum()
    auroc = (ranks[positives].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg) if n_pos and n_neg else float("nan")
    return auroc, float(((p - y) ** 2).mean())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tables", nargs="+", help="folders written by ocrbench forms --candidate-table")
    parser.add_argument("--write", action="store_true", help="write Sources/FormFields/FieldScorerModel.swift")
    args = parser.parse_args()

    names, rows, truth = read_tables(args.tables)
    forms = np.array([r[0] for r in rows])
    kinds = np.array([r[1] for r in rows])
    splits = np.array([r[2] for r in rows])
    y = np.array([r[3] for r in rows], dtype=float)
    x = np.array([r[4] for r in rows], dtype=float)
    tune = splits == "tuning"
    print(f"{int(tune.sum())} training candidates ({int(y[tune].sum())} fields) from {len(set(forms[tune]))} forms,"
          f" {int((~tune).sum())} validation candidates from {len(set(forms[~tune]))} forms, {len(names)} features")

    # Leave one training form out (its born-digital and scanned documents together).
    cv = np.zeros(len(rows))
    for form in sorted(set(forms[tune])):
        held = forms == form
        cv[held] = predict(fit(x[tune & ~held], y[tune & ~held]), x[held])
    model = fit(x[tune], y[tune])
    validation = predict(model, x)

    total_truth = sum(n for s, n in truth.values() if s == "tuning")
    best, best_f1 = 0.0, -1.0
    print("\nleave-one-form-out on the training forms, both kinds: threshold, kept, precision, recall, F1")
    for threshold in [0.0] + [t / 20 for t in range(1, 20)]:
        kept, matched = counts(cv[tune], y[tune], threshold)
        precision = matched / kept if kept else 1.0
        recall = matched / total_truth
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        print(f"  {threshold:4.2f}  {kept:5d}  P {precision:.3f}  R {recall:.3f}  F1 {f1:.3f}")
        # A threshold must gain F1 by a point to be worth what it drops: within that, keep every candidate.
        if f1 > best_f1 + 0.01:
            best, best_f1 = threshold, f1
    print(f"\nchosen threshold {best:.2f}")
    for split, p, what in (("tuning", cv, "training forms, each scored by a model that did not see it"),
                           ("validation", validation, "validation forms, never trained on")):
        sel = splits == split
        if not sel.any():
            continue
        print(f"\n{what}:")
        print("  rules alone (every candidate):")
        print("\n".join(summary(p[sel], y[sel], forms[sel], kinds[sel], truth, split, 0.0)))
        print(f"  with the scorer's threshold {best:.2f}:")
        print("\n".join(summary(p[sel], y[sel], forms[sel], kinds[sel], truth, split, best)))
        print("  confidence against the share that are fields:")
        print("\n".join(reliability(p[sel], y[sel])))
        rule = x[sel, names.index("rule_confidence")]
        for label, scores in (("learned", p[sel]), ("rules' own", rule)):
            auroc, brier = ranking(scores, y[sel])
            print(f"  {label} confidence: AUROC {auroc:.3f}, Brier {brier:.3f}")

    print("\nweights of the model fitted on every training form (standardised features):")
    for name, weight in sorted(zip(names, model[2]), key=lambda item: -abs(item[1])):
        print(f"  {name:22s} {weight:+.3f}")

    if args.write:
        def numbers(values):
            texts = [f"{v:.6g}" for v in values]
            lines = [", ".join(texts[i:i + 8]) for i in range(0, len(texts), 8)]
            return "\n            " + ",\n            ".join(lines) + ",\n        "

        mean, scale, weights, bias = model
        with open(MODEL_PATH, "w") as f:
            f.write("// Written by Scripts/train-field-scorer.py; do not edit by hand.\n")
            f.write(f"// {int(tune.sum())} candidates ({int(y[tune].sum())} fields) of {len(set(forms[tune]))} forms.\n\n")
            f.write("extension FieldScorer {\n")
            f.write("    /// The scorer fitted on the training forms (see ``FieldScorer``).\n")
            f.write("    static let trained = FieldScorer(\n")
            f.write("        featureNames: [\n")
            for name in names:
                f.write(f'            "{name}",\n')
            f.write("        ],\n")
            f.write(f"        means: [{numbers(mean)}],\n")
            f.write(f"        scales: [{numbers(scale)}],\n")
            f.write(f"        weights: [{numbers(weights)}],\n")
            f.write(f"        bias: {bias:.6g}, threshold: {best:.2f})\n")
            f.write("}\n")
        print(f"wrote {os.path.normpath(MODEL_PATH)}")


if __name__ == "__main__":
    main()
