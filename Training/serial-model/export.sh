#!/usr/bin/env bash
# Exports one training checkpoint as the model Legible ships: the integer (fast) model to
# Sources/SerialScan/Models/serial.traineddata and the float model, which later training continues from, to
# Training/serial-model/serial-float.traineddata.
#
#   Training/serial-model/export.sh [WORK_DIR] [CHECKPOINT]
#
# WORK_DIR is train.sh's (default /tmp/legible-serial-model); CHECKPOINT defaults to the run's last one
# (WORK_DIR/model/serial_checkpoint). lstmtraining also keeps the checkpoints that set a new best error, named
# serial_<char error>_<learning iteration>_<lines>.checkpoint: pick one by crop_eval.py on the main set.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="${1:-/tmp/legible-serial-model}"
checkpoint="${2:-$work/model/serial_checkpoint}"
starter="$work/lang/out/serial/serial.traineddata"
[ -f "$checkpoint" ] || { echo "no checkpoint at $checkpoint" >&2; exit 1; }
[ -f "$starter" ] || { echo "no starter model at $starter (run train.sh first)" >&2; exit 1; }

lstmtraining --stop_training --convert_to_int --continue_from "$checkpoint" \
    --traineddata "$starter" --model_output "$work/serial.traineddata"
lstmtraining --stop_training --continue_from "$checkpoint" \
    --traineddata "$starter" --model_output "$work/serial-float.traineddata"
cp "$work/serial-float.traineddata" "$here/serial-float.traineddata"
# The character error on the run's evaluation lines, for the record; lstmeval's failures do not stop the export
# (its asserts abort on list files lstmtraining itself reads).
if [ -f "$work/eval.txt" ]; then
    (lstmeval --model "$work/serial.traineddata" --eval_listfile "$work/eval.txt" 2>&1 | tail -1) || echo "lstmeval failed"
fi
mkdir -p "$root/Sources/SerialScan/Models"
cp "$work/serial.traineddata" "$root/Sources/SerialScan/Models/serial.traineddata"
echo "wrote Sources/SerialScan/Models/serial.traineddata and Training/serial-model/serial-float.traineddata"
