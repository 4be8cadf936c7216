#!/usr/bin/env bash
# Trains Legible's serial-line recogniser (Tesseract LSTM, trained from scratch) and writes
# Sources/SerialScan/Models/serial.traineddata. See README.md beside this script.
#
#   Training/serial-model/train.sh [WORK_DIR]      # default WORK_DIR: /tmp/legible-serial-model
#
# Environment: FILES (training files of 400 lines each, default 80), ITERATIONS (default 20000), SEED (first
# file's seed, default 1000), LEARNING_RATE (default 20e-4), CONTINUE_FROM (a checkpoint or float model, such
# as serial-float.traineddata beside this script, to go on training instead of starting from scratch).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
work="${1:-/tmp/legible-serial-model}"
files="${FILES:-80}"
iterations="${ITERATIONS:-20000}"
seed="${SEED:-1000}"

missing=()
while read -r package; do
    case "$package" in ''|'#'*) continue ;; esac
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done < "$here/font-packages.txt"
if [ "${#missing[@]}" -gt 0 ]; then
    echo "installing ${#missing[@]} font packages"
    apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
fi
python3 -c "import fontTools, scipy" 2>/dev/null || pip install -q fonttools scipy
for tool in tesseract lstmtraining combine_lang_model unicharset_extractor; do
    command -v "$tool" >/dev/null || { echo "$tool not found: apt-get install tesseract-ocr" >&2; exit 1; }
done

mkdir -p "$work/data" "$work/lang/langdata" "$work/model"
work="$(cd "$work" && pwd)"
cd "$work"

# 1. Lines: multi-page TIFFs with WordStr boxes, then Tesseract's training files (.lstmf).
python3 "$here/train_fonts.py" --tsv > faces.tsv
seq 0 $((files - 1)) | xargs -P "$(nproc)" -I{} sh -c \
    "python3 '$here/render_lines.py' --fonts faces.tsv --out data --name train-\$(printf %03d {}) --count 400 --seed \$(($seed + {}))"
python3 "$here/render_lines.py" --fonts faces.tsv --out data --name eval-000 --count 600 --seed 999
ls data/*.tif | sed 's/\.tif$//' | xargs -P "$(nproc)" -I{} sh -c 'tesseract {}.tif {} --psm 13 lstm.train >/dev/null 2>&1'
ls data/train-*.lstmf > train.txt
ls data/eval-*.lstmf > eval.txt

# 2. The starter model: the character set of the lines, no word lists.
cat data/*.gt.txt > lang/all.txt
unicharset_extractor --output_unicharset lang/unicharset --norm_mode 1 lang/all.txt >/dev/null
# combine_lang_model reads a radical table even for Latin; one entry in its format is enough.
printf '19886 3 23 6 3\n' > lang/langdata/radical-stroke.txt
mkdir -p lang/out
(cd lang && combine_lang_model --input_unicharset unicharset --script_dir langdata --output_dir out --lang serial \
    >/dev/null 2>&1)
classes=$(($(grep -c . lang/out/serial/serial.unicharset) - 1))

# 3. Train from scratch: the layout of Tesseract's fast models, an output per character class.
if [[ "${CONTINUE_FROM:-}" == *.traineddata ]]; then
    # A float model: its network, with its character set mapped onto this run's.
    combine_tessdata -e "$CONTINUE_FROM" lang/continue.lstm >/dev/null
    start=(--continue_from lang/continue.lstm --old_traineddata "$CONTINUE_FROM")
elif [ -n "${CONTINUE_FROM:-}" ]; then
    start=(--continue_from "$CONTINUE_FROM")
else
    start=(--net_spec "[1,36,0,1 Ct3,3,16 Mp3,3 Lfys48 Lfx96 Lrx96 Lfx192 O1c$classes]")
fi
lstmtraining --traineddata lang/out/serial/serial.traineddata "${start[@]}" \
    --model_output model/serial --learning_rate "${LEARNING_RATE:-20e-4}" \
    --train_listfile train.txt --eval_listfile eval.txt --max_iterations "$iterations" 2>&1 | tee train.log |
    grep --line-buffered -E "^At iteration [0-9]*000/" || true

# 4. The integer (fast) model Legible loads, and the float model later training can continue from.
"$here/export.sh" "$work"
