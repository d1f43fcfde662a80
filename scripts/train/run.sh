#!/usr/bin/env bash
# @file The code-search model's training pipeline, end to end (not run by CI).
# mine (Debian packages + stdlib, held-out set apart) -> tokenizer + token ids -> train on CPU ->
# export the transformers.js folder -> held-out evaluation through transformers.js (beside the
# built-in lexical embedder) -> model card. Everything below runs niced (the machine is shared).
#
# Usage: scripts/train/run.sh [--small] [--work DIR] [--ship]
#   --small  12 packages, 4k vocabulary, 8 training minutes, 500 candidates: under 30 minutes on 2 cores
#   --work   work folder (default /tmp/ranger-train or /tmp/ranger-train-small); nothing is written to the repo
#   --ship   copy the model folder and its card to public/models/ranger-code-search-mini/
#   --minutes N  training minutes (default 13 full, 8 --small)
# Needs: root for apt-get (python3-torch python3-onnx python3-numpy libopenblas0-pthread), npm registry
# access for the `tokenizers` package (installed into the work folder, not the project).
set -euo pipefail
cd "$(dirname "$0")/../.."
SMALL=0
SHIP=0
MINUTES_ARG=''
WORK=''
while [ $# -gt 0 ]; do
  case "$1" in
    --small) SMALL=1 ;;
    --ship) SHIP=1 ;;
    --work) WORK="$2"; shift ;;
    --minutes) MINUTES_ARG="$2"; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
if [ "$SMALL" = 1 ]; then
  WORK=${WORK:-/tmp/ranger-train-small}; PACKAGES=12; VOCAB=4000; MINUTES=8; CANDIDATES=500
else
  WORK=${WORK:-/tmp/ranger-train}; PACKAGES=160; VOCAB=8000; MINUTES=13; CANDIDATES=1000
fi
MINUTES=${MINUTES_ARG:-$MINUTES}
mkdir -p "$WORK/node"
NICE='nice -n 19'
PY=/usr/bin/python3
# One BLAS thread and the OpenBLAS build for this process only: on a shared, loaded CPU two OpenMP
# threads spin at their barriers and run several times slower than one.
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1
if [ -d /usr/lib/x86_64-linux-gnu/openblas-pthread ]; then export LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/openblas-pthread; fi

start=$(date +%s)
step() { echo "== $1 ($(( $(date +%s) - start )) s)" >&2; }

step 'system packages'
if ! $PY -c 'import torch, onnx, numpy' 2>/dev/null; then
  apt-get install -y python3-torch python3-onnx python3-numpy libopenblas0-pthread >/dev/null
fi
if [ ! -d "$WORK/node/node_modules/tokenizers" ]; then
  echo '{"private":true}' > "$WORK/node/package.json"
  (cd "$WORK/node" && npm install --no-audit --no-fund --silent tokenizers@0.23.2)
fi

step 'mine held-out pairs'
$NICE $PY scripts/train/mine.py --work "$WORK" --set heldout
step 'mine training pairs (deduplicated against the held-out ones)'
$NICE $PY scripts/train/mine.py --work "$WORK" --set train --packages "$PACKAGES"

step 'tokenizer and token ids'
$NICE npx tsx scripts/train/tokenize.ts --work "$WORK" --vocab "$VOCAB" --doc-len 32 --code-len 128

step 'train'
$NICE $PY scripts/train/train.py --work "$WORK" --minutes "$MINUTES" --layers 0 --hidden 256 --batch 256 --lr 3e-3 \
  --threads 1 --train-code-len 128 --candidates "$CANDIDATES"

step 'held-out evaluation (transformers.js)'
$NICE npx tsx scripts/train/evaluate.ts --work "$WORK" --candidates "$CANDIDATES"

step 'model card'
npx tsx scripts/train/card.ts --work "$WORK"
if [ "$SHIP" = 1 ]; then
  OUT=public/models/ranger-code-search-mini
  rm -rf "$OUT"; mkdir -p "$OUT/onnx"
  cp "$WORK/model/config.json" "$WORK/model/tokenizer.json" "$WORK/model/tokenizer_config.json" "$WORK/model/README.md" "$OUT/"
  cp "$WORK/model/onnx/model.onnx" "$OUT/onnx/"
  echo "shipped to $OUT ($(du -sh "$OUT" | cut -f1))" >&2
fi
step "done: $WORK/model"
