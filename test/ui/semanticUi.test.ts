/**
 * @file The UI's semantic queries and helpers on the demo repo, indexed, described (structural
 * built-in) and embedded (lexical built-in) for real with duckdb-wasm, through the read-only
 * SQL guard as the repo worker runs them: the details pane's description, requirement and
 * generator, SIMILAR neighbours with cosine, SIMILAR edges for the graph (one per pair, only on
 * request in the ego view), and the /models/index.json entries as specs.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeGraph } from '../../src/core/describe/describeGraph.ts';
import { LexicalEmbedder } from '../../src/core/models/lexicalEmbedder.ts';
import { embedGraph } from '../../src/core/semantic/embedGraph.ts';
import { computeSimilarEdges } from '../../src/core/semantic/similarEdges.ts';
import { readSemanticDetails } from '../../src/core/reads/nodeDetails.ts';
import { specFromIndexEntry } from '../../src/ui/data/modelSources.ts';
import { similarNeighbours } from '../../src/ui/data/similarNeighbours.ts';
import { formatBytes, generatorLabel } from '../../src/ui/data/semanticFormat.ts';
import { useDemoService } from './demoService.ts';

const repoRoot = resolve(import.meta.dirname, '../..');

const demo = useDemoService();
const { service, idOf } = demo;

describe('semantic UI queries on the demo', () => {
  it('before describing: no description, no generator, and no failure', async () => {
    const id = await idOf("SELECT id FROM nodes WHERE kind = 'Function' AND name = 'tokenize'");
    const details = await service.readSemanticDetails(id);
    expect(details).toEqual({ description: null, memberDescriptions: null, requirement: null, generator: null });
  });

  it('after describe + embed: description, requirement from the docstring, generator, SIMILAR', async () => {
    await describeGraph(demo.conn, null, {});
    await embedGraph(demo.conn, new LexicalEmbedder(), { sources: ['description', 'code'] });
    const info = await computeSimilarEdges(demo.conn, { model: 'builtin:lexical', source: 'description' });
    expect(info.edges).toBeGreaterThan(0);

    const id = await idOf("SELECT id FROM nodes WHERE kind = 'Function' AND name = 'tokenize'");
    const details = await service.readNodeDetails(id);
    expect(details?.semantic.description).toMatch(/tokenize/);
    expect(details?.semantic.requirement).toMatch(/Lowercase word tokens/);
    expect(details?.semantic.generator).toBe('builtin:structural');
    expect(generatorLabel(details!.semantic.generator)).toBe('structural (built-in)');

    // The node with most SIMILAR edges: neighbours once each, highest cosine first.
    const hub = await idOf("SELECT src AS id FROM edges WHERE type = 'SIMILAR' GROUP BY src ORDER BY count(*) DESC, src LIMIT 1");
    const hubDetails = await service.readNodeDetails(hub);
    const { items } = similarNeighbours(hubDetails!.groups);
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    const cosines = items.map((i) => i.cosine ?? 0);
    expect(cosines.every((c) => c >= info.eps - 1e-6 && c <= 1 + 1e-6)).toBe(true);
    expect([...cosines].sort((a, b) => b - a)).toEqual(cosines);

    // Graph: one SIMILAR edge per pair among the given ids; ego hops over SIMILAR only on request.
    const ids = [hub, ...items.map((i) => i.id)];
    const edges = await service.readSimilarEdges(ids);
    expect(edges.length).toBeGreaterThanOrEqual(items.length);
    expect(edges.every((e) => e.type === 'SIMILAR' && e.src < e.dst)).toBe(true);
    expect(new Set(edges.map((e) => `${e.src}-${e.dst}`)).size).toBe(edges.length);
    const plain = await service.readEgo(hub, 1);
    const withSimilar = await service.readEgo(hub, 1, undefined, true);
    expect(plain.edges.some((e) => e.type === 'SIMILAR')).toBe(false);
    expect(items.every((i) => withSimilar.distance.has(i.id))).toBe(true);
    expect(withSimilar.nodes.length).toBeGreaterThanOrEqual(plain.nodes.length);
  });

  it('a database without the described table still shows the texts (generator unknown)', async () => {
    const broken = {
      query: (sql: string) => (sql.includes('described') ? Promise.reject(new Error('Table described does not exist')) : service.query(sql)),
    };
    const id = await idOf("SELECT id FROM nodes WHERE kind = 'Function' AND name = 'tokenize'");
    const details = await readSemanticDetails(broken, id);
    expect(details.description).toMatch(/tokenize/);
    expect(details.generator).toBeNull();
  });
});

describe('model sources and labels', () => {
  it('public/models/index.json entries become public specs; junk is dropped', () => {
    const index = JSON.parse(readFileSync(join(repoRoot, 'public', 'models', 'index.json'), 'utf8')) as { models: object[] };
    const specs = index.models.map(specFromIndexEntry);
    expect(specs.map((s) => s?.role)).toEqual(['embedder', 'reranker']);
    expect(specs.every((s) => s?.source.kind === 'public' && s.dtype === 'fp32')).toBe(true);
    expect(specFromIndexEntry({ role: 'llm', id: 'x' })).toBeNull();
    expect(specFromIndexEntry({ role: 'embedder' })).toBeNull();
    expect(specFromIndexEntry({ role: 'embedder', id: 'a/b', dtype: 'bogus', pooling: 'cls' })).toMatchObject({ dtype: 'fp32', pooling: 'cls', label: 'a/b' });
  });

  it('labels: generators and bytes', () => {
    expect(generatorLabel(null)).toBe('none yet');
    expect(generatorLabel('Qwen3-0.6B-q4f32_1-MLC')).toBe('Qwen3-0.6B-q4f32_1-MLC');
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(35 * 1024 * 1024)).toBe('35.0 MB');
  });
});
