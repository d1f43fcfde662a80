/**
 * @file `ranger mcp` end to end: the real CLI spawned as an MCP server over stdio and driven by
 * the SDK's own Client, on the demo repo indexed once. Lists the tools and resources, calls
 * every tool (the INHERITS edge of a class from cypher, an answer from search, code, edges,
 * impact, the agent), and checks the failures are tool errors the server survives: a refused
 * write, a bad query, a bad argument, an unknown node, a big answer capped, a slow query
 * stopped. Also: a bundle served from a temporary database that is removed on exit, a request
 * piped just before stdin closes still answered, and a database another process writes
 * reported at start.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rangerJson, repoRoot, scratchDir } from '../cli/runCli.ts';

const dir = scratchDir('ranger-mcp-test-');
const db = join(dir, 'demo.duckdb');
/** The bundle server's TMPDIR: its temporary database goes here. */
const bundleTmp = scratchDir('ranger-mcp-tmp-');

interface Session {
  client: Client;
  stderr: () => string;
}

/** `ranger mcp ...args` spawned the way an MCP client configuration runs it, and connected. */
async function connect(args: string[], env: Record<string, string> = {}): Promise<Session> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['src/cli/launch.mjs', 'mcp', ...args],
    cwd: repoRoot,
    env: { ...getDefaultEnvironment(), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'ranger-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

/** The tool's answer: its text, and JSON parsed when it is JSON. */
async function call(session: Session, name: string, args: Record<string, unknown>): Promise<{ isError: boolean; text: string; json: () => Record<string, unknown> }> {
  const result = (await session.client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
  return { isError: result.isError === true, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

let indexed: { nodes: Record<string, number>; edges: Record<string, number> };
let demo: Session;

beforeAll(async () => {
  indexed = (await rangerJson('index', 'demo/shopkit', '--db', db)) as typeof indexed;
  demo = await connect(['--db', db]);
}, 180_000);

afterAll(async () => {
  await demo?.client.close();
});

describe('ranger mcp over the indexed demo', () => {
  it('lists its tools, each with a description and a JSON schema, and its resources', async () => {
    const { tools } = await demo.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['cypher', 'explain', 'find', 'impact', 'neighbours', 'read_code', 'requirements', 'search']);
    for (const tool of tools) {
      expect(tool.description!.length, tool.name).toBeGreaterThan(100);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.inputSchema.required!.length, tool.name).toBeGreaterThan(0);
    }
    const cypher = tools.find((t) => t.name === 'cypher')!;
    for (const word of ['INHERITS', 'HAS_METHOD', 'qualified_name', 'OPTIONAL MATCH', 'max_rows']) expect(cypher.description).toContain(word);
    expect(cypher.inputSchema.properties!.max_rows).toMatchObject({ type: 'integer', minimum: 1 });

    const { resources } = await demo.client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(['ranger://schema', 'ranger://summary']);
    const [summary] = (await demo.client.readResource({ uri: 'ranger://summary' })).contents as { text: string }[];
    const parsed = JSON.parse(summary!.text) as { repo: string; nodes: Record<string, number>; edges: Record<string, number>; languages: Record<string, number>; packages: { folder: string }[] };
    expect(parsed.repo).toBe('shopkit');
    expect(parsed.nodes).toEqual(indexed.nodes);
    // `index` embeds afterwards and links SIMILAR nodes: the summary counts those edges too.
    const { SIMILAR: similar, ...structural } = parsed.edges;
    expect(structural).toEqual(indexed.edges);
    expect(similar).toBeGreaterThan(0);
    expect(Object.keys(parsed.languages).sort()).toEqual(['python', 'typescript']);
    expect(parsed.packages.map((p) => p.folder)).toContain('shopkit/pricing');
    const [schema] = (await demo.client.readResource({ uri: 'ranger://schema' })).contents as { text: string }[];
    expect(schema!.text).toContain('IMPLEMENTED_BY');
  });

  it('cypher: the INHERITS edge of a class, with $params', async () => {
    const answer = await call(demo, 'cypher', { query: 'MATCH (c:Class {name: $name})-[:INHERITS]->(b:Class) RETURN c.name AS class, b.name AS base', params: { name: 'PercentageDiscount' } });
    expect(answer.isError, answer.text).toBe(false);
    expect(answer.json()).toEqual({ columns: ['class', 'base'], row_count: 1, truncated: false, rows: [{ class: 'PercentageDiscount', base: 'Discount' }] });
  });

  it("cypher: the RANGER A.2 example's INHERITS edge (Scientific -> Calculator), from its own database", async () => {
    const a2 = join(dir, 'a2.duckdb');
    await rangerJson('index', 'test/fixtures/python/a2', '--db', a2, '--no-embed');
    const session = await connect(['--db', a2]);
    try {
      const answer = await call(session, 'cypher', { query: 'MATCH (c:Class)-[:INHERITS]->(b:Class) RETURN c.name AS class, b.name AS base' });
      expect(answer.isError, answer.text).toBe(false);
      expect(answer.json().rows).toEqual([{ class: 'Scientific', base: 'Calculator' }]);
    } finally {
      await session.client.close();
    }
  }, 120_000);

  it('cypher: a write, a bad query and a bad argument are tool errors, and the server goes on', async () => {
    const write = await call(demo, 'cypher', { query: "CREATE (n:Class {name: 'Injected'})" });
    expect(write).toMatchObject({ isError: true, text: 'CREATE is not supported (read-only Cypher) at 1:1' });
    const bad = await call(demo, 'cypher', { query: 'MATCH (n RETURN n' });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/expected '\)'.* at 1:10$/);
    const wrongType = await call(demo, 'cypher', { query: 42 });
    expect(wrongType.isError).toBe(true);
    expect(wrongType.text).toContain('Invalid arguments for tool cypher');
    const tooMany = await call(demo, 'cypher', { query: 'MATCH (n) RETURN n.id', max_rows: 0 });
    expect(tooMany.isError).toBe(true);
    expect(tooMany.text).toContain('max_rows');
    const still = await call(demo, 'cypher', { query: "MATCH (n:Class {name: 'Injected'}) RETURN count(*) AS n" });
    expect(still.json().rows).toEqual([{ n: 0 }]);
  });

  it('cypher: a big answer is capped at 1,000 rows by default and labelled', async () => {
    const edges = Object.values(indexed.edges).reduce((a, b) => a + b, 0);
    expect(edges).toBeGreaterThan(1_000);
    const all = (await call(demo, 'cypher', { query: 'MATCH (a)-[r]->(b) RETURN a.id AS src, b.id AS dst ORDER BY src, dst' })).json();
    expect(all).toMatchObject({ row_count: 1_000, truncated: true });
    expect(String(all.note)).toContain('Truncated: only the first 1,000 rows');
    const few = (await call(demo, 'cypher', { query: 'MATCH (a)-[r]->(b) RETURN a.id AS src, b.id AS dst ORDER BY src, dst', max_rows: 5 })).json();
    expect(few.rows).toEqual((all.rows as unknown[]).slice(0, 5));
    expect(few.truncated).toBe(true);
  });

  it('cypher: a query past its time limit is stopped', async () => {
    const slow = await call(demo, 'cypher', { query: 'MATCH (a), (b), (c), (d), (e) RETURN count(*) AS n', timeout_ms: 200 });
    expect(slow).toMatchObject({ isError: true });
    expect(slow.text).toContain('time limit of 200 ms');
  });

  it('search: Path 2 for a question in words, with the stored run; Path 1 for a name', async () => {
    const words = (await call(demo, 'search', { question: 'how are prices discounted', k: 5 })).json();
    expect(['mcts', 'cypher+mcts']).toContain(words.path);
    const results = words.results as { qualified_name: string; file_path: string; start_line: number }[];
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(5);
    expect(results.map((r) => r.qualified_name).join(' ')).toMatch(/discount/i);
    for (const r of results) expect(r.file_path).toMatch(/\.(py|ts)$/);
    expect(typeof words.run_id).toBe('number');
    const named = (await call(demo, 'search', { question: 'where is Cart' })).json();
    expect(named.path).toBe('cypher');
    expect((named.results as { qualified_name: string; start_line: number }[])[0]).toMatchObject({ qualified_name: 'shopkit.cart.cart.Cart', file_path: 'shopkit/cart/cart.py', start_line: 11 });
    expect(named.run_id).toBeUndefined();
  });

  it('find ranks exact names first and forgives a typo', async () => {
    const exact = (await call(demo, 'find', { name: 'Cart' })).json().matches as { name: string; kind: string; score: number }[];
    expect(exact[0]).toMatchObject({ name: 'Cart', kind: 'Class', score: 1 });
    const typo = (await call(demo, 'find', { name: 'aply_coupon', kinds: ['Method'] })).json().matches as { qualified_name: string }[];
    expect(typo[0]!.qualified_name).toBe('shopkit.cart.cart.Cart.apply_coupon');
    const tail = (await call(demo, 'find', { name: 'cart.Cart.apply_coupon' })).json().matches as { qualified_name: string }[];
    expect(tail[0]!.qualified_name).toBe('shopkit.cart.cart.Cart.apply_coupon');
  });

  it('read_code and neighbours take a name or an id; unknown and ambiguous names are tool errors', async () => {
    const code = await call(demo, 'read_code', { node: 'shopkit.cart.cart.Cart.apply_coupon' });
    expect(code.isError, code.text).toBe(false);
    const [heading, firstLine] = code.text.split('\n');
    expect(heading).toMatch(/^#\d+ Method shopkit\.cart\.cart\.Cart\.apply_coupon {2}shopkit\/cart\/cart\.py:59-\d+$/);
    expect(firstLine).toContain('def apply_coupon');
    const id = Number(/^#(\d+)/.exec(heading!)![1]);
    expect((await call(demo, 'read_code', { node: id })).text).toBe(code.text);

    const module = await call(demo, 'read_code', { node: 'shopkit.cart', max_lines: 2 });
    expect(module.text.split('\n')).toHaveLength(4);
    expect(module.text).toMatch(/… \d+ more lines? \(raise max_lines/);

    const unknown = await call(demo, 'read_code', { node: 'NoSuchThing' });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toMatch(/^No node named 'NoSuchThing' in this graph\./);
    const missingId = await call(demo, 'neighbours', { node: 7 });
    expect(missingId.isError).toBe(true);
    expect(missingId.text).toContain('No node #7');
    const ambiguous = await call(demo, 'read_code', { node: 'total' });
    expect(ambiguous.isError).toBe(true);
    expect(ambiguous.text).toMatch(/'total' names \d+ nodes: #\d+ Method .*Pass the id/);

    const edges = await call(demo, 'neighbours', { node: 'PercentageDiscount', direction: 'out', edge_types: ['INHERITS'] });
    expect(edges.text.split('\n')[1]).toMatch(/^hop 1: #\d+ -\[INHERITS\]-> #\d+ Class shopkit\.pricing\.discounts\.Discount /);
    const twoHops = await call(demo, 'neighbours', { node: 'PercentageDiscount', hops: 2 });
    expect(twoHops.text).toContain('hop 2:');
  });

  it('impact: what depends on a class, by depth and relation, as Cypher counts it', async () => {
    const impact = (await call(demo, 'impact', { node: 'Discount', depth: 2, members: false })).json() as {
      node: { import_name: string };
      groups: { depth: number; relation: string; count: number; dependents: { import_name: string; on: { name: string } }[] }[];
    };
    expect(impact.node.import_name).toBe('shopkit.pricing.discounts.Discount');
    const named = (depth: number, relation: string) =>
      (impact.groups.find((g) => g.depth === depth && g.relation === relation)?.dependents ?? []).map((d) => d.import_name.split('.').pop()).sort();
    const direct = (await call(demo, 'cypher', { query: "MATCH (c:Class)-[:INHERITS]->(:Class {name: 'Discount'}) RETURN c.name AS name ORDER BY name" })).json();
    expect(named(1, 'subclasses')).toEqual((direct.rows as { name: string }[]).map((r) => r.name));
    const grand = (await call(demo, 'cypher', { query: "MATCH (c:Class)-[:INHERITS*2]->(:Class {name: 'Discount'}) RETURN DISTINCT c.name AS name ORDER BY name" })).json();
    for (const { name } of grand.rows as { name: string }[]) expect(named(2, 'subclasses')).toContain(name);
    for (const group of impact.groups) expect(group.count).toBeGreaterThanOrEqual(group.dependents.length);

    const callers = (await call(demo, 'impact', { node: 'shopkit.cart.cart.Cart.add' })).json() as { groups: { depth: number; dependents: { id: number }[] }[] };
    const viaCypher = (await call(demo, 'cypher', { query: "MATCH (f)-[:USES]->(m:Method {qualified_name: 'shopkit.cart.cart.Cart.add'}) RETURN DISTINCT f.id AS id ORDER BY id" })).json();
    expect((viaCypher.rows as unknown[]).length).toBeGreaterThan(0);
    expect(callers.groups.every((g) => g.depth === 1)).toBe(true);
    expect(callers.groups.flatMap((g) => g.dependents.map((d) => d.id)).sort((a, b) => a - b)).toEqual((viaCypher.rows as { id: number }[]).map((r) => r.id));

    const tooDeep = await call(demo, 'impact', { node: 'Discount', depth: 4 });
    expect(tooDeep.isError).toBe(true);
  });

  it('requirements says how to build the missing requirement graph; explain answers with cited nodes', async () => {
    const requirements = await call(demo, 'requirements', { query: 'apply a coupon' });
    expect(requirements.isError).toBe(true);
    expect(requirements.text).toContain(`ranger requirements --db ${db}`);
    const explained = (await call(demo, 'explain', { question: 'apply a coupon discount to the cart totals' })).json();
    expect(explained).toMatchObject({ status: 'answered', llm: 'builtin:rule-policy' });
    expect((explained.cited as number[]).length).toBeGreaterThan(0);
    expect(String(explained.answer)).toContain('apply_coupon');
    expect((explained.steps as { tool: string }[]).map((s) => s.tool)).toContain('mcts');
  });
});

describe('ranger mcp: bundles and held databases', () => {
  it('serves a bundle from a temporary database and removes it on exit', async () => {
    const session = await connect(['--bundle', 'public/demo/shopkit.ranger.zip'], { TMPDIR: bundleTmp });
    try {
      expect(readdirSync(bundleTmp).filter((name) => name.startsWith('ranger-mcp-'))).toHaveLength(1);
      const requirements = await call(session, 'requirements', { query: 'apply a coupon code to the cart', k: 3 });
      expect(requirements.isError, requirements.text).toBe(false);
      expect(requirements.text.split('\n')[1]).toMatch(/^R#\d+ -> #\d+ (Method|Function|Class) shopkit\./);
    } finally {
      await session.client.close();
    }
    expect(readdirSync(bundleTmp)).toEqual([]);
  });

  it('answers a request piped just before stdin closes, then stops', async () => {
    const messages = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pipe', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'find', arguments: { name: 'Cart', limit: 1 } } },
    ];
    const child = spawn(process.execPath, ['src/cli/launch.mjs', 'mcp', '--db', db], { cwd: repoRoot, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stdin.end(messages.map((m) => JSON.stringify(m)).join('\n') + '\n');
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    const replies = stdout.trim().split('\n').map((line) => JSON.parse(line) as { id: number; result: CallToolResult });
    expect(replies.map((r) => r.id)).toEqual([1, 2]);
    const [text] = replies[1]!.result.content as { text: string }[];
    expect((JSON.parse(text!.text) as { matches: { name: string }[] }).matches.map((m) => m.name)).toEqual(['Cart']);
  });

  it('reports at start that another process holds the database', async () => {
    const holder = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', HOLD, db], { cwd: repoRoot, stdio: ['pipe', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('holding') && resolve());
        holder.once('exit', () => reject(new Error('the holder exited early')));
      });
      const started = await runToExit(['src/cli/launch.mjs', 'mcp', '--db', db]);
      expect(started.code).toBe(1);
      expect(started.stderr).toMatch(new RegExp(`The database ${db.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is held by another process \\(.+, PID ${holder.pid}\\)`));
    } finally {
      holder.stdin.end();
      await new Promise((resolve) => holder.once('exit', resolve));
    }
  });
});

/** Opens the database for writing and holds it until its stdin closes. */
const HOLD = `
import { openNodeDatabase } from './src/adapters/node/duckdbNode.ts';
const conn = await openNodeDatabase(process.argv[1], { mustExist: true });
console.log('holding');
process.stdin.resume();
process.stdin.on('end', async () => { await conn.close(); process.exit(0); });
`;

/** Runs node with `args` and stdin closed (a server that started would stop at once). */
function runToExit(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}
