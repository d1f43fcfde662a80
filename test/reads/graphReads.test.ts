/**
 * @file The typed reads of the graph (core/reads: overview, children, cross edges, ego, search,
 * details, summary, issue lists) against the demo repo indexed for real (tree-sitter, stitcher,
 * duckdb-wasm, the same engine as the browser), each statement through the real read-only SQL
 * guard, as the repo worker serves them to the app's views.
 * Runs in: Node (vitest).
 */
import { describe, expect, it } from 'vitest';
import { moduleLinkList, overviewModuleList, readPackageOverview } from '../../src/core/reads/graphSlices.ts';
import { assertReadOnlySql } from '../../src/core/store/sqlGuard.ts';
import { loadPackageOverview } from '../../src/ui/graph/overviewData.ts';
import { useDemoService } from '../ui/demoService.ts';

const totalOf = (counts: Partial<Record<string, number>>) => Object.values(counts).reduce<number>((sum, n) => sum + (n ?? 0), 0);

const demo = useDemoService();
const { service, idOf, sent } = demo;

describe('UI queries on the indexed demo', () => {
  it('package overview: every module with its file, IMPORTS + USES summed between modules', async () => {
    const data = await loadPackageOverview(service);
    expect(data.modules.size).toBe(demo.summary.nodes.Module);
    expect([...data.modules.values()].every((n) => n.kind === 'Module')).toBe(true);
    expect(data.tree.moduleParent.size).toBe(data.modules.size);
    expect(data.links.length).toBeGreaterThan(0);
    expect(data.links.every((l) => l.src !== l.dst && l.weight > 0 && data.modules.has(l.src) && data.modules.has(l.dst))).toBe(true);
    const total = data.links.reduce((sum, l) => sum + l.weight, 0);
    expect(total).toBeGreaterThan(data.links.length);
  });

  it('package overview modules and links: the same columns from Arrow (duckdb-wasm) as from rows', async () => {
    const viaArrow = await readPackageOverview(demo.conn);
    const viaRows = await readPackageOverview({ query: (sql) => demo.conn.query(sql) });
    expect(viaArrow.links.src).toBeInstanceOf(Int32Array);
    expect(viaArrow.links).toEqual(viaRows.links);
    expect(viaArrow.modules.id).toBeInstanceOf(Int32Array);
    expect(viaArrow.modules).toEqual(viaRows.modules);
    // Each module as the explorer's other reads give a node (names, member count) with its file.
    const modules = overviewModuleList(viaArrow.modules);
    const rows = await demo.conn.query(
      "SELECT n.id, n.file_path, (SELECT count(*) FROM edges e WHERE e.src = n.id AND e.type = 'CONTAINS') AS members FROM nodes n WHERE n.kind = 'Module' ORDER BY n.id",
    );
    expect(modules.map((m) => [m.id, m.filePath, m.children]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(rows.map((r) => [Number(r.id), r.file_path, Number(r.members)]));
    const hit = (await service.searchNodeNames('shopkit.orders.service')).find((h) => h.kind === 'Module')!;
    expect(modules.find((m) => m.id === hit.id)).toMatchObject({ kind: 'Module', name: hit.name, qualifiedName: hit.qualifiedName, displayName: hit.displayName, shortName: hit.shortName, filePath: hit.filePath });
    const stored = await demo.conn.query('SELECT src, dst, weight FROM module_links');
    expect(moduleLinkList(viaArrow.links)).toEqual(stored);
    expect(stored.length).toBeGreaterThan(0);
  });

  it('children of a module and of a class, with member counts', async () => {
    const moduleId = await idOf("SELECT id FROM nodes WHERE kind = 'Module' AND name = 'shopkit.orders.service'");
    const members = await service.readChildren(moduleId);
    const orderService = members.nodes.find((n) => n.name === 'OrderService');
    expect(orderService?.kind).toBe('Class');
    expect(orderService!.children).toBeGreaterThan(0);
    expect(members.edges.every((e) => e.src === moduleId && e.type === 'CONTAINS')).toBe(true);

    const classMembers = await service.readChildren(orderService!.id);
    expect(classMembers.nodes.map((n) => n.kind)).toContain('Method');
    expect(classMembers.nodes.length).toBe(orderService!.children);

    const visible = new Set([...members.nodes, ...classMembers.nodes].map((n) => n.id));
    const memberIds = classMembers.nodes.map((n) => n.id);
    const touching = await service.readCrossEdges(memberIds);
    expect(touching.every((e) => memberIds.includes(e.src) || memberIds.includes(e.dst))).toBe(true);
    const cross = touching.filter((e) => visible.has(e.src) && visible.has(e.dst));
    expect(cross.some((e) => e.type === 'USES')).toBe(true);
  });

  it('ego view grows with depth, keeps the centre at distance 0 and respects its cap', async () => {
    const center = await idOf("SELECT id FROM nodes WHERE kind = 'Class' AND name = 'OrderService'");
    const one = await service.readEgo(center, 1);
    const two = await service.readEgo(center, 2);
    expect(one.distance.get(center)).toBe(0);
    expect(two.nodes.length).toBeGreaterThan(one.nodes.length);
    expect(one.nodes.some((n) => n.kind === 'Repo')).toBe(false);
    const capped = await service.readEgo(center, 3, 10);
    expect(capped.nodes.length).toBe(10);
    expect(capped.hidden).toBeGreaterThan(0);
  });

  it('search ranks the exact name first (same case, then definitions), reads dotted names as qualified, survives quotes', async () => {
    const hits = await service.searchNodeNames('OrderService');
    expect(hits[0]?.name).toBe('OrderService');
    expect(hits[0]?.kind).toBe('Class');
    // 'Product' the class and 'product' a field: the case typed decides, then the kind.
    expect((await service.searchNodeNames('Product'))[0]).toMatchObject({ name: 'Product', kind: 'Class' });
    expect((await service.searchNodeNames('product'))[0]).toMatchObject({ name: 'product', kind: 'Field' });
    const dotted = await service.searchNodeNames('orders.service.OrderService');
    expect(dotted.some((h) => h.qualifiedName.endsWith('orders.service.OrderService'))).toBe(true);
    // As other languages write it: C++ / Rust '::', PHP '\\', Ruby '#'.
    for (const written of ['orders::service::OrderService', '\\orders\\service\\OrderService', 'service.OrderService#place']) {
      expect((await service.searchNodeNames(written))[0]?.qualifiedName, written).toContain('orders.service.OrderService');
    }
    await expect(service.searchNodeNames("x' OR '1'='1")).resolves.toEqual([]);
    await expect(service.searchNodeNames("'; DROP TABLE nodes; --")).resolves.toEqual([]);
    expect((await demo.conn.query('SELECT count(*) AS n FROM nodes'))[0]).toBeTruthy();
  });

  it('details: a class with code and grouped edges; a module with its file text and unresolved imports', async () => {
    const classId = await idOf("SELECT id FROM nodes WHERE kind = 'Class' AND name = 'OrderService'");
    const details = (await service.readNodeDetails(classId))!;
    expect(details.node.qualifiedName).toContain('OrderService');
    expect(details.code).toContain('class OrderService');
    expect(details.codeFirstLine).toBe(details.node.startLine);
    const methods = details.groups.find((g) => g.direction === 'out' && g.type === 'HAS_METHOD');
    expect(methods?.items.length).toBe(methods?.total);

    const registry = await idOf("SELECT id FROM nodes WHERE kind = 'Module' AND name = 'shopkit.registry'");
    const mod = (await service.readNodeDetails(registry))!;
    expect(mod.code).toContain('defaultdict');
    expect(mod.codeFirstLine).toBe(1);
    expect(mod.unresolved.some((u) => u.module === 'collections')).toBe(true);
    expect(await service.readModuleIdForPath(mod.node.filePath!)).toBe(registry);
    expect(await service.readNodeDetails(987_654_321)).toBeNull();
  });

  it('summary rebuilt from the tables matches the index run; issue lists page', async () => {
    const view = await service.readStoredSummary('fallback');
    expect(view.files).toBe(demo.summary.files);
    expect(view.skipped).toBe(demo.summary.skipped);
    expect(view.unresolved).toBe(demo.summary.unresolved);
    expect(view.nodes).toEqual(demo.summary.nodes);
    expect(totalOf(view.edges)).toBe(totalOf(demo.summary.edges));
    expect(view.filesWithSyntaxErrors).toBe(demo.summary.filesWithSyntaxErrors);
    // The repo list's name wins (it keeps names unique: "shopkit (2)"); the stored one fills in when the list has none.
    expect(view.repoName).toBe('fallback');
    expect((await service.readStoredSummary('')).repoName).toBe(demo.summary.repoName);

    const skipped = await service.readIssuePage('skipped', 0);
    expect(skipped.total).toBe(demo.summary.skipped);
    expect(skipped.entries.length).toBe(Math.min(100, demo.summary.skipped));
    expect(skipped.groups.reduce((n, g) => n + g.n, 0)).toBe(demo.summary.skipped);
    const syntax = await service.readIssuePage('syntax', 0);
    expect(syntax.total).toBe(demo.summary.filesWithSyntaxErrors);
  });

  it('sent only statements the guard accepts', () => {
    expect(sent.length).toBeGreaterThan(20);
    for (const sql of sent) expect(() => assertReadOnlySql(sql)).not.toThrow();
  });
});
