"""@file Mines (docstring summary, code without docstring) pairs for the code-search model.

Downloads Debian python3-* packages (``apt-get download``, one package per call, so an unknown
name skips only itself), unpacks them with ``dpkg -x``, and walks their Python sources (and the
system standard library) with ``ast``: every function, method and class with a docstring gives
one pair (the docstring's first paragraph, flattened; the node's source with the docstring
removed). Packages listed in heldout.txt are never mined for training (its other languages'
entries are mineCode.ts's), nor any package or folder excluded.txt names; vendored copies are
skipped, and training pairs are deduplicated against the held-out pairs (mine those first) and
each other on the code text and on (name, docstring); each package is capped so no single
package dominates.

Usage: /usr/bin/python3 scripts/train/mine.py --work DIR [--set train|heldout] [--packages N] [--no-stdlib]
Writes DIR/pairs.jsonl or DIR/heldout-pairs.jsonl (one {"pkg", "path", "name", "doc", "code"}
per line) and a <name>-sources.tsv of pairs per source.
Runs in: Debian's Python 3 (standard library only).
"""
import argparse
import ast
import hashlib
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
STDLIB = '/usr/lib/python3.11'
MAX_CODE_CHARS = 2000
MIN_DOC_WORDS = 3
MIN_CODE_LINES = 2
PER_PACKAGE_CAP = 2500
# Tests, caches, and vendored copies of other projects (pip vendors requests, rich, pyparsing,
# pygments; setuptools pyparsing; future backports the stdlib's http and email): a vendored
# copy of a held-out package would leak it into training.
SKIPPED_DIRS = {'test', 'tests', 'testing', '__pycache__', 'site-packages', 'dist-packages',
                '_vendor', 'vendor', 'vendored', '_vendored', 'extern', '_extern', 'backports'}
STDLIB_CAP = 10000


def read_list(name):
    with open(os.path.join(HERE, name)) as f:
        return [line.strip() for line in f if line.strip() and not line.startswith('#')]


def parts(name):
    return re.split(r'[-._]', name.lower())


def excluded_projects():
    return [parts(e) for e in read_list('excluded.txt') if not e.startswith('java:')]


def is_excluded(name, projects):
    """A package or folder name holding an excluded project as whole '-'/'.'/'_'-separated parts."""
    words = parts(name)
    return any(words[i:i + len(p)] == p for p in projects for i in range(len(words) - len(p) + 1))


EXCLUDED = excluded_projects()


def summary(doc):
    """First paragraph of a docstring, whitespace-flattened; '' for directives/doctests."""
    first = re.split(r'\n\s*\n', doc.strip(), maxsplit=1)[0]
    text = ' '.join(first.split())
    if text.startswith(('>>>', ':', '..', '@')):
        return ''
    return text


def strip_docstring(lines, node):
    """The node's source lines with its docstring statement cut out."""
    start, end = node.lineno - 1, node.end_lineno
    if node.decorator_list:
        start = min(d.lineno for d in node.decorator_list) - 1
    doc = node.body[0]
    out = lines[start:doc.lineno - 1] + lines[doc.end_lineno:end]
    if not out:
        return ''
    indent = len(out[0]) - len(out[0].lstrip())
    return '\n'.join(l[indent:] if l[:indent].strip() == '' else l for l in out).strip('\n')


def pairs_of_file(path):
    try:
        with open(path, encoding='utf-8') as f:
            source = f.read()
        tree = ast.parse(source)
    except (SyntaxError, UnicodeDecodeError, ValueError, RecursionError, MemoryError):
        return
    lines = source.split('\n')
    for node in ast.walk(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        doc = ast.get_docstring(node, clean=True)
        if not doc or node.end_lineno is None:
            continue
        text = summary(doc)
        if len(text.split()) < MIN_DOC_WORDS:
            continue
        code = strip_docstring(lines, node)
        if code.count('\n') + 1 < MIN_CODE_LINES:
            continue
        yield node.name, text, code[:MAX_CODE_CHARS]


def download(pkg, debs):
    found = [f for f in os.listdir(debs) if f.startswith(pkg + '_') and f.endswith('.deb')]
    if found:
        return os.path.join(debs, found[0])
    result = subprocess.run(['apt-get', 'download', pkg], cwd=debs, capture_output=True, text=True)
    if result.returncode != 0:
        print(f'  skip {pkg}: {result.stderr.strip().splitlines()[-1] if result.stderr.strip() else "download failed"}', file=sys.stderr)
        return None
    found = [f for f in os.listdir(debs) if f.startswith(pkg + '_') and f.endswith('.deb')]
    return os.path.join(debs, found[0]) if found else None


def python_files(root, skip=()):
    for dirpath, dirnames, filenames in os.walk(root):
        rel = os.path.relpath(dirpath, root)
        dirnames[:] = sorted(d for d in dirnames if d not in SKIPPED_DIRS and not is_excluded(d, EXCLUDED)
                             and not (rel == '.' and (d in skip or d.startswith('idlelib'))))
        for name in sorted(filenames):
            if name.endswith('.py') and not name.startswith('test_') and not (rel == '.' and name[:-3] in skip):
                yield os.path.join(dirpath, name)


def mine_tree(pkg, root, out, seen, skip=(), cap=PER_PACKAGE_CAP):
    count = 0
    for path in python_files(root, skip):
        for name, doc, code in pairs_of_file(path):
            key_code = hashlib.sha1(code.encode()).digest()
            key_doc = hashlib.sha1((name + '\0' + doc).encode()).digest()
            if key_code in seen or key_doc in seen:
                continue
            seen.add(key_code)
            seen.add(key_doc)
            out.write(json.dumps({'pkg': pkg, 'path': os.path.relpath(path, root), 'name': name, 'doc': doc, 'code': code}) + '\n')
            count += 1
            if count >= cap:
                return count
    return count


def mine_stdlib_entry(name, out, seen):
    """One held-out stdlib entry: a package folder or a single module."""
    folder = os.path.join(STDLIB, name)
    if os.path.isdir(folder):
        return mine_tree('stdlib:' + name, folder, out, seen, cap=STDLIB_CAP)
    count = 0
    for fname, doc, code in pairs_of_file(folder + '.py'):
        out.write(json.dumps({'pkg': 'stdlib:' + name, 'path': name + '.py', 'name': fname, 'doc': doc, 'code': code}) + '\n')
        count += 1
    return count


def mine_package(pkg, work, out, seen):
    debs = os.path.join(work, 'debs')
    deb = download(pkg, debs)
    if deb is None:
        return None
    tree = os.path.join(work, 'trees', pkg)
    if not os.path.isdir(tree):
        subprocess.run(['dpkg', '-x', deb, tree], check=True)
    root = os.path.join(tree, 'usr/lib/python3/dist-packages')
    return mine_tree(pkg, root, out, seen) if os.path.isdir(root) else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--work', required=True, help='work folder (debs, unpacked trees, pairs.jsonl)')
    parser.add_argument('--set', choices=('train', 'heldout'), default='train',
                        help='train: packages.txt (+ stdlib) to pairs.jsonl; heldout: heldout.txt to heldout-pairs.jsonl')
    parser.add_argument('--packages', type=int, default=0, help='mine the first N packages of the list (0: all)')
    parser.add_argument('--no-stdlib', action='store_true', help='leave the standard library out (train set)')
    args = parser.parse_args()
    # heldout.txt also names other languages' packages (mineCode.ts mines those).
    heldout = [e for e in read_list('heldout.txt') if e.startswith(('python3-', 'stdlib:'))]
    if args.set == 'train':
        entries = [p for p in read_list('packages.txt') if p not in set(heldout)]
    else:
        entries = heldout
    if args.packages:
        entries = entries[:args.packages]
    entries = [e for e in entries if not is_excluded(e, EXCLUDED)]
    seen = set()
    heldout_file = os.path.join(args.work, 'heldout-pairs.jsonl')
    if args.set == 'train':
        # Whatever the held-out set holds (code or name + docstring) never enters training.
        if not os.path.exists(heldout_file):
            sys.exit('mine the held-out set first (--set heldout): training pairs are deduplicated against it')
        with open(heldout_file) as f:
            for line in f:
                pair = json.loads(line)
                seen.add(hashlib.sha1(pair['code'].encode()).digest())
                seen.add(hashlib.sha1((pair['name'] + '\0' + pair['doc']).encode()).digest())
    os.makedirs(os.path.join(args.work, 'debs'), exist_ok=True)
    os.makedirs(os.path.join(args.work, 'trees'), exist_ok=True)
    started = time.time()
    total = 0
    mined = []
    name = 'pairs' if args.set == 'train' else 'heldout-pairs'
    with open(os.path.join(args.work, name + '.jsonl'), 'w') as out:
        if args.set == 'train' and not args.no_stdlib:
            skip = {e.split(':', 1)[1] for e in heldout if e.startswith('stdlib:')}
            n = mine_tree('stdlib', STDLIB, out, seen, skip, STDLIB_CAP)
            total += n
            mined.append(('stdlib', n))
            print(f'stdlib: {n} pairs (held out: {", ".join(sorted(skip))})', file=sys.stderr)
        for entry in entries:
            if entry.startswith('stdlib:'):
                n = mine_stdlib_entry(entry.split(':', 1)[1], out, seen)
            else:
                n = mine_package(entry, args.work, out, seen)
            if n is None:
                continue
            total += n
            mined.append((entry, n))
            print(f'{entry}: {n} pairs ({total} total, {time.time() - started:.0f} s)', file=sys.stderr)
    with open(os.path.join(args.work, name + '-sources.tsv'), 'w') as f:
        f.write(''.join(f'{p}\t{n}\n' for p, n in mined))
    print(f'{total} pairs from {len(mined)} sources in {time.time() - started:.0f} s', file=sys.stderr)


if __name__ == '__main__':
    main()
