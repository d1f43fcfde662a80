#!/usr/bin/env bash
# @file The code-search model's training pipeline, end to end (not run by CI).
# mine (Debian packages + stdlib: Python with mine.py, Go / JavaScript / Java / Rust / C++ with
# mineCode.ts; held-out set apart, excluded.txt never) -> tokenizer + token ids -> train (CPU, or
# a lent GPU) -> export the transformers.js folder -> held-out evaluation through transformers.js
# (beside the built-in lexical embedder and today's shipped model) -> model card. Everything
# below runs niced (the machine is shared).
#
# Usage: scripts/train/run.sh [--small] [--work DIR] [--ship] [--minutes N] [--device cpu|cuda] [--continue]
#   --small  12 Python packages and 3 per other language, 6k vocabulary, 8 training minutes, 500 candidates
#   --work   work folder (default /tmp/ranger-train or /tmp/ranger-train-small); nothing is written to the repo
#   --ship   copy the model folder and its card to public/models/ranger-code-search-mini/, only if
#            compare.ts finds it at least as good as the shipped one on Python and better on every other language
#   --minutes N  training minutes (default 18 on the CPU, 8 --small, 30 on a GPU)
#   --device cuda  train on a lent GPU: a 2-layer encoder (hidden 192) for longer; the default cpu
#            trains the bag of subwords CI and a user can reproduce
#   --continue  train on from the shipped model (its tokenizer and weights; lr 1e-3, 14 minutes)
#            instead of from scratch: what a loaded shared CPU affords (see README.md)
# Needs: root for apt-get (python3-torch python3-onnx python3-numpy libopenblas0-pthread), npm registry
# access for the `tokenizers` package (installed into the work folder, not the project).
set -euo pipefail
cd "$(dirname "$0")/../.."
SMALL=0
SHIP=0
MINUTES_ARG=''
WORK=''
DEVICE=cpu
CONTINUE=0
while [ $# -gt 0 ]; do
  case "$1" in
    --small) SMALL=1 ;;
    --ship) SHIP=1 ;;
    --work) WORK="$2"; shift ;;
    --minutes) MINUTES_ARG="$2"; shift ;;
    --device) DEVICE="$2"; shift ;;
    --continue) CONTINUE=1 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
if [ "$SMALL" = 1 ]; then
  WORK=${WORK:-/tmp/ranger-train-small}; PACKAGES=12; PER_LANGUAGE=3; VOCAB=6000; MINUTES=8; CANDIDATES=500; MINE_MINUTES=0
else
  WORK=${WORK:-/tmp/ranger-train}; PACKAGES=160; PER_LANGUAGE=0; VOCAB=12000; MINUTES=18; CANDIDATES=1000; MINE_MINUTES=40
fi
# The model: a bag of subwords on the CPU; on a GPU a 2-layer encoder (hidden 192, 12k vocabulary:
# 3.3M parameters, 13 MB fp32, under the 15 MB the shipped model may weigh).
MODEL_ARGS=(--layers 0 --hidden 256 --batch 256 --lr 3e-3 --threads 1)
if [ "$DEVICE" != cpu ]; then
  MODEL_ARGS=(--layers 2 --hidden 192 --batch 512 --lr 1e-3 --threads 4 --eval-every 5); MINUTES=30
fi
SHIPPED=public/models/ranger-code-search-mini
TOKENIZER_ARGS=(--vocab "$VOCAB")
if [ "$CONTINUE" = 1 ]; then
  MODEL_ARGS=(--layers 0 --hidden 256 --batch 256 --lr 1e-3 --threads 1 --init "$SHIPPED"); MINUTES=14
  TOKENIZER_ARGS=(--tokenizer "$SHIPPED/tokenizer.json")
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
step 'mine other languages held-out pairs (tree-sitter extractors)'
$NICE npx tsx scripts/train/mineCode.ts --work "$WORK" --set heldout
step 'mine other languages training pairs'
$NICE npx tsx scripts/train/mineCode.ts --work "$WORK" --set train --per-language "$PER_LANGUAGE" --minutes "$MINE_MINUTES"

step 'tokenizer and token ids'
$NICE npx tsx scripts/train/tokenize.ts --work "$WORK" "${TOKENIZER_ARGS[@]}" --doc-len 32 --code-len 128

step 'train'
$NICE $PY scripts/train/train.py --work "$WORK" --minutes "$MINUTES" "${MODEL_ARGS[@]}" --device "$DEVICE" \
  --train-code-len 128 --candidates "$CANDIDATES"

step 'held-out evaluation (transformers.js)'
$NICE npx tsx scripts/train/evaluate.ts --work "$WORK" --candidates "$CANDIDATES"
step 'the shipped model on the same pools'
$NICE npx tsx scripts/train/evaluate.ts --work "$WORK" --candidates "$CANDIDATES" \
  --model "$SHIPPED" --out eval-shipped.json
QUALIFIES=1
npx tsx scripts/train/compare.ts --work "$WORK" || QUALIFIES=0

step 'model card'
npx tsx scripts/train/card.ts --work "$WORK"
BYTES=$(stat -c %s "$WORK/model/onnx/model.onnx")
if [ "$SHIP" = 1 ] && [ "$BYTES" -gt 15000000 ]; then
  echo "not shipped: model.onnx is $BYTES bytes, over the 15 MB the shipped model may weigh" >&2
elif [ "$SHIP" = 1 ] && [ "$QUALIFIES" = 0 ]; then
  echo "not shipped: the shipped model stays (compare.ts above, $WORK/compare.json)" >&2
elif [ "$SHIP" = 1 ]; then
  OUT=public/models/ranger-code-search-mini
  rm -rf "$OUT"; mkdir -p "$OUT/onnx"
  cp "$WORK/model/config.json" "$WORK/model/tokenizer.json" "$WORK/model/tokenizer_config.json" "$WORK/model/README.md" "$OUT/"
  cp "$WORK/model/onnx/model.onnx" "$OUT/onnx/"
  echo "shipped to $OUT ($(du -sh "$OUT" | cut -f1))" >&2
fi
step "done: $WORK/model"
