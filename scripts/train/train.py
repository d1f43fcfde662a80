"""@file Trains the code-search bi-encoder from scratch (CPU, or a GPU with --device cuda) and exports the transformers.js folder.

A small BERT (plain PyTorch: token + position + token-type embeddings, post-LayerNorm encoder
layers, GELU) shared by queries and code, mean pooling over the attention mask, L2-normalised;
trained with the symmetric in-batch InfoNCE loss (docstring -> code and code -> docstring) and a
learned temperature (logit scale, CLIP-style, capped at 100). AdamW, linear warm-up then linear
decay over a wall-clock budget (``--minutes``), so a run ends on time on a shared CPU. Batches
are trimmed to their longest row. Evaluation: held-out MRR and Recall@1/10 of each held-out
docstring among ``--candidates`` held-out code candidates (fixed sample), and the same per
held-out language and per held-out source.

Device (``--device``): ``cpu`` (the default; what CI and a user reproduce) or ``cuda`` (a lent
GPU: the same steps there; the model is moved back to the CPU for the export).

Export (``--export``): ``onnx/model.onnx`` (TorchScript exporter, opset 14, inputs input_ids,
attention_mask, token_type_ids with dynamic batch and sequence axes, output last_hidden_state),
``config.json`` (model_type bert, BertModel), ``tokenizer_config.json`` (model_max_length = the
trained code length: longer inputs would pool untrained positions); tokenizer.json comes
from tokenize.ts. Writes DIR/model/ and DIR/metrics.json.

Warm start (``--init FOLDER``): the weights of an exported model folder of the same shape (its
``onnx/model.onnx`` initializers, read with python3-onnx) instead of random ones; run.sh
--continue trains on from the shipped model this way, with its tokenizer.

Usage: /usr/bin/python3 scripts/train/train.py --work DIR [--minutes 45] [--hidden 192]
       [--layers 4] [--batch 128] [--candidates 1000] [--threads 2] [--device cpu|cuda]
Runs in: Debian's python3-torch 1.13 (CPU), python3-numpy; any PyTorch with CUDA for --device cuda.
"""
import argparse
import json
import math
import os
import random
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


class Bert(nn.Module):
    def __init__(self, vocab, hidden, layers, heads, intermediate, max_positions):
        super().__init__()
        self.word = nn.Embedding(vocab, hidden, padding_idx=0)
        self.position = nn.Embedding(max_positions, hidden)
        self.token_type = nn.Embedding(2, hidden)
        self.norm = nn.LayerNorm(hidden, eps=1e-12)
        self.heads = heads
        self.layers = nn.ModuleList([Layer(hidden, heads, intermediate) for _ in range(layers)])
        self.apply(self._init)

    @staticmethod
    def _init(module):
        if isinstance(module, (nn.Linear, nn.Embedding)):
            nn.init.normal_(module.weight, std=0.02)
        if isinstance(module, nn.Linear) and module.bias is not None:
            nn.init.zeros_(module.bias)

    def forward(self, input_ids, attention_mask, token_type_ids):
        positions = torch.arange(input_ids.shape[1], device=input_ids.device).unsqueeze(0)
        x = self.word(input_ids) + self.position(positions) + self.token_type(token_type_ids)
        x = self.norm(x)
        bias = (1.0 - attention_mask[:, None, None, :].to(x.dtype)) * -10000.0
        for layer in self.layers:
            x = layer(x, bias)
        # Padding rows zeroed (pooling ignores them anyway); keeps attention_mask an input with 0 layers.
        return x * attention_mask.unsqueeze(-1).to(x.dtype)


class Layer(nn.Module):
    def __init__(self, hidden, heads, intermediate):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(hidden, 3 * hidden)
        self.out = nn.Linear(hidden, hidden)
        self.norm1 = nn.LayerNorm(hidden, eps=1e-12)
        self.up = nn.Linear(hidden, intermediate)
        self.down = nn.Linear(intermediate, hidden)
        self.norm2 = nn.LayerNorm(hidden, eps=1e-12)

    def forward(self, x, bias):
        b, t, h = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, h // self.heads).permute(2, 0, 3, 1, 4)
        scores = q @ k.transpose(-1, -2) / math.sqrt(h // self.heads) + bias
        attended = (scores.softmax(-1) @ v).transpose(1, 2).reshape(b, t, h)
        x = self.norm1(x + self.out(attended))
        return self.norm2(x + self.down(F.gelu(self.up(x))))


def embed(model, ids):
    """Mean-pooled, L2-normalised embeddings of uint16 rows (0 = padding), trimmed to the longest."""
    length = max(1, int((ids != 0).sum(1).max()))
    input_ids = torch.from_numpy(ids[:, :length].astype(np.int64)).to(model.word.weight.device)
    mask = (input_ids != 0).long()
    hidden = model(input_ids, mask, torch.zeros_like(input_ids))
    pooled = (hidden * mask.unsqueeze(-1)).sum(1) / mask.sum(1, keepdim=True).clamp(min=1)
    return F.normalize(pooled, dim=-1)


def load_set(work, name, doc_len, code_len):
    docs = np.fromfile(os.path.join(work, f'{name}.doc.u16'), dtype='<u2').reshape(-1, doc_len)
    codes = np.fromfile(os.path.join(work, f'{name}.code.u16'), dtype='<u2').reshape(-1, code_len)
    with open(os.path.join(work, f'{name}.pkg.txt')) as f:
        pkgs = f.read().split('\n')[:len(docs)]
    langs_file = os.path.join(work, f'{name}.lang.txt')
    langs = ['python'] * len(docs)
    if os.path.exists(langs_file):
        with open(langs_file) as f:
            langs = f.read().split('\n')[:len(docs)]
    return docs, codes, pkgs, langs


def ranks_of(model, docs, codes, chunk=256):
    """Rank (1-based) of each doc's own code among all codes."""
    with torch.no_grad():
        q = torch.cat([embed(model, docs[i:i + chunk]) for i in range(0, len(docs), chunk)])
        c = torch.cat([embed(model, codes[i:i + chunk]) for i in range(0, len(codes), chunk)])
        scores = q @ c.T
        own = scores.diagonal().unsqueeze(1)
        return ((scores > own).sum(1) + 1).cpu().numpy()


def summarize(ranks):
    return {'mrr': float(np.mean(1.0 / ranks)), 'recall@1': float(np.mean(ranks <= 1)),
            'recall@10': float(np.mean(ranks <= 10)), 'queries': int(len(ranks))}


def evaluate(model, heldout, candidates, seed=7, per_source=True):
    """MRR among `candidates` pooled held-out pairs, and per language and per source among up to `candidates` of its own."""
    docs, codes, pkgs, langs = heldout
    model.eval()
    rng = np.random.default_rng(seed)
    pick = rng.permutation(len(docs))[:candidates]
    result = {'pooled': summarize(ranks_of(model, docs[pick], codes[pick]))}
    languages = {}
    for lang in sorted(set(langs)) if per_source else []:
        rows = np.array([i for i, l in enumerate(langs) if l == lang])
        rows = rows[rng.permutation(len(rows))[:candidates]]
        languages[lang] = summarize(ranks_of(model, docs[rows], codes[rows]))
    result['per_language'] = languages
    sources = {}
    for pkg in sorted(set(pkgs)) if per_source else []:
        rows = np.array([i for i, p in enumerate(pkgs) if p == pkg])
        if len(rows) < 20:
            continue
        rows = rows[rng.permutation(len(rows))[:candidates]]
        sources[pkg] = summarize(ranks_of(model, docs[rows], codes[rows]))
    result['per_source'] = sources
    model.train()
    return result


def load_exported(model, folder):
    """Copies an exported folder's ONNX initializers (named bert.<parameter>) into the model."""
    import onnx
    from onnx import numpy_helper
    graph = onnx.load(os.path.join(folder, 'onnx', 'model.onnx')).graph
    found = {i.name[len('bert.'):]: numpy_helper.to_array(i) for i in graph.initializer if i.name.startswith('bert.')}
    state = model.state_dict()
    missing = [k for k in state if k not in found or tuple(found[k].shape) != tuple(state[k].shape)]
    if missing:
        sys.exit(f'--init {folder}: no initializer of the right shape for {", ".join(missing)}')
    model.load_state_dict({k: torch.from_numpy(found[k].copy()) for k in state})


def lr_factor(fraction, warmup=0.05):
    return fraction / warmup if fraction < warmup else max(0.0, (1.0 - fraction) / (1.0 - warmup))


def export(model, args, meta, out):
    class Wrapper(nn.Module):
        def __init__(self, bert):
            super().__init__()
            self.bert = bert

        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.bert(input_ids, attention_mask, token_type_ids)

    model.cpu().eval()
    os.makedirs(os.path.join(out, 'onnx'), exist_ok=True)
    sample = torch.tensor([[2, 100, 200, 3], [2, 300, 3, 0]], dtype=torch.long)
    mask = (sample != 0).long()
    torch.onnx.export(Wrapper(model), (sample, mask, torch.zeros_like(sample)), os.path.join(out, 'onnx', 'model.onnx'),
                      input_names=['input_ids', 'attention_mask', 'token_type_ids'], output_names=['last_hidden_state'],
                      dynamic_axes={n: {0: 'batch', 1: 'sequence'} for n in ('input_ids', 'attention_mask', 'token_type_ids', 'last_hidden_state')},
                      opset_version=14, do_constant_folding=True)
    config = {
        'architectures': ['BertModel'], 'model_type': 'bert', 'vocab_size': meta['vocabSize'],
        'hidden_size': args.hidden, 'num_hidden_layers': args.layers, 'num_attention_heads': args.hidden // 64,
        'intermediate_size': args.hidden * 4, 'hidden_act': 'gelu', 'max_position_embeddings': args.max_positions,
        'type_vocab_size': 2, 'layer_norm_eps': 1e-12, 'pad_token_id': 0,
        'transformers.js_config': {'dtype': 'fp32'},
    }
    with open(os.path.join(out, 'config.json'), 'w') as f:
        json.dump(config, f, indent=2)
    tokenizer_config = {
        # Truncate where training did: positions past the trained code length were never learned.
        'tokenizer_class': 'BertTokenizer', 'do_lower_case': True, 'model_max_length': meta['codeLen'],
        'cls_token': '[CLS]', 'sep_token': '[SEP]', 'pad_token': '[PAD]', 'unk_token': '[UNK]', 'mask_token': '[MASK]',
        'clean_up_tokenization_spaces': True,
    }
    with open(os.path.join(out, 'tokenizer_config.json'), 'w') as f:
        json.dump(tokenizer_config, f, indent=2)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--work', required=True)
    parser.add_argument('--minutes', type=float, default=45.0, help='wall-clock training budget')
    parser.add_argument('--hidden', type=int, default=256)
    parser.add_argument('--layers', type=int, default=1)
    parser.add_argument('--max-positions', type=int, default=512)
    parser.add_argument('--batch', type=int, default=128)
    parser.add_argument('--train-code-len', type=int, default=96, help='code tokens used in training (evaluation uses all)')
    parser.add_argument('--lr', type=float, default=2e-3)
    parser.add_argument('--candidates', type=int, default=1000)
    parser.add_argument('--eval-every', type=float, default=10.0, help='minutes between held-out evaluations')
    parser.add_argument('--threads', type=int, default=2)
    parser.add_argument('--device', default='cpu', help="'cpu' (default) or 'cuda' (a lent GPU)")
    parser.add_argument('--init', default='', help='start from the weights of this exported model folder')
    parser.add_argument('--seed', type=int, default=13)
    parser.add_argument('--export', action='store_true', help='only export DIR/checkpoint.pt (no training)')
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    random.seed(args.seed)
    with open(os.path.join(args.work, 'tokenized.json')) as f:
        meta = json.load(f)
    model = Bert(meta['vocabSize'], args.hidden, args.layers, args.hidden // 64, args.hidden * 4, args.max_positions)
    if args.init:
        load_exported(model, args.init)
    device = torch.device(args.device)
    model.to(device)
    scale = nn.Parameter(torch.tensor(math.log(1 / 0.05), device=device))
    checkpoint = os.path.join(args.work, 'checkpoint.pt')
    out = os.path.join(args.work, 'model')
    heldout = load_set(args.work, 'heldout', meta['docLen'], meta['codeLen'])
    if args.export:
        state = torch.load(checkpoint, map_location='cpu')
        model.load_state_dict(state['model'])
        export(model, args, meta, out)
        return
    docs, codes, _, _ = load_set(args.work, 'train', meta['docLen'], meta['codeLen'])
    params = sum(p.numel() for p in model.parameters())
    print(f'{len(docs)} training pairs, {len(heldout[0])} held-out pairs, {params / 1e6:.2f}M parameters', file=sys.stderr)
    decay = [p for n, p in model.named_parameters() if p.dim() >= 2]
    no_decay = [p for n, p in model.named_parameters() if p.dim() < 2]
    optimizer = torch.optim.AdamW([{'params': decay, 'weight_decay': 0.01}, {'params': no_decay + [scale], 'weight_decay': 0.0}], lr=args.lr)
    budget = args.minutes * 60
    started = time.time()
    last_eval = started
    step = 0
    seen = 0
    history = []
    order = np.random.default_rng(args.seed).permutation(len(docs))
    cursor = 0
    model.train()
    while True:
        elapsed = time.time() - started
        if elapsed >= budget:
            break
        for group in optimizer.param_groups:
            group['lr'] = args.lr * lr_factor(elapsed / budget)
        if cursor + args.batch > len(order):
            order = np.random.default_rng(args.seed + step).permutation(len(docs))
            cursor = 0
        rows = order[cursor:cursor + args.batch]
        cursor += args.batch
        q = embed(model, docs[rows])
        c = embed(model, codes[rows, :args.train_code_len])
        logits = scale.exp().clamp(max=100) * q @ c.T
        target = torch.arange(len(rows), device=device)
        loss = (F.cross_entropy(logits, target) + F.cross_entropy(logits.T, target)) / 2
        optimizer.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        step += 1
        seen += len(rows)
        if step % 20 == 0:
            print(f'step {step} pairs {seen} epoch {seen / len(docs):.2f} loss {loss.item():.3f} '
                  f'temp {1 / scale.exp().item():.4f} {time.time() - started:.0f} s', file=sys.stderr, flush=True)
        if time.time() - last_eval > args.eval_every * 60:
            pooled = evaluate(model, heldout, args.candidates, per_source=False)['pooled']
            history.append({'step': step, 'seconds': round(time.time() - started), **pooled})
            print(f'held-out {pooled}', file=sys.stderr, flush=True)
            torch.save({'model': model.state_dict(), 'scale': scale.detach(), 'args': vars(args)}, checkpoint)
            last_eval = time.time()
    trained_seconds = time.time() - started
    torch.save({'model': model.state_dict(), 'scale': scale.detach(), 'args': vars(args)}, checkpoint)
    result = evaluate(model, heldout, args.candidates)
    print(f'held-out final {result["pooled"]}', file=sys.stderr)
    export(model, args, meta, out)
    metrics = {
        'device': args.device if args.device == 'cpu' else torch.cuda.get_device_name(device), 'threads': args.threads, 'torch': torch.__version__, 'train_seconds': round(trained_seconds),
        'steps': step, 'pairs_seen': seen, 'epochs': round(seen / len(docs), 2), 'train_pairs': int(len(docs)),
        'heldout_pairs': int(len(heldout[0])), 'parameters': params, 'hidden': args.hidden, 'layers': args.layers,
        'heads': args.hidden // 64, 'batch': args.batch, 'lr': args.lr, 'vocab': meta['vocabSize'],
        'doc_len': meta['docLen'], 'code_len': meta['codeLen'], 'train_code_len': args.train_code_len, 'temperature': 1 / min(100.0, scale.exp().item()),
        'candidates': args.candidates, 'heldout': result, 'history': history, 'init': args.init,
    }
    with open(os.path.join(args.work, 'metrics.json'), 'w') as f:
        json.dump(metrics, f, indent=2)


if __name__ == '__main__':
    main()
