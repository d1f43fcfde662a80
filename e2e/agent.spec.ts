/**
 * @file The agent panel on the demo repo. Without an LLM it says what to load and why, states
 * that web search is out, and runs a tool by hand (its examples name a function of the open
 * graph; Cypher over the requirement label too). Then,
 * driven by the scripted FAKE engine (the model is the one part that cannot run here; passed as
 * ?agentScript=), it builds the requirement graph, streams thoughts / actions / observations,
 * lights an action's nodes on the graph and cites a node that selects it when clicked; a second
 * question with a malformed call shows the retry and the stop. Screenshots light and dark.
 * Runs in: Node (e2e, driving chromium).
 */
import type { Core } from 'cytoscape';
import type { Page } from 'playwright-core';
import { assert, screenshot, setTheme, test, turnAutoEmbedOff, waitForGraph, waitForSummary, withSession } from './harness.ts';

async function openPanel(page: Page) {
  await page.getByTestId('agent-toggle').click();
  const panel = page.getByTestId('agent-panel');
  await panel.waitFor();
  return panel;
}

async function ask(page: Page, question: string): Promise<void> {
  await page.getByTestId('agent-question').fill(question);
  await page.getByTestId('agent-ask').click();
}

test('agent: no-LLM notice, tools by hand, fake-engine ReAct transcript with lit actions and clickable citations, malformed stop', async ({ env }) => {
  test.setTimeout(240_000);
  await withSession(env, 'agent', async (_session, page) => {
    await page.goto(env.baseUrl);
    // The agent's tools read no stored vectors (its requirement search fits its own lexical
    // embedder): the embedding after the index is turned off.
    await turnAutoEmbedOff(page);
    await page.getByTestId('demo-button').click();
    await waitForSummary(page);
    await waitForGraph(page, 'overview');

    let panel = await openPanel(page);
    const notice = await page.getByTestId('agent-llm-notice').textContent();
    assert(notice?.startsWith('No LLM loaded') && notice.includes('Qwen3'), `no-LLM notice says what to load and why: ${notice}`);
    assert((await panel.locator('.panel-head').textContent())?.includes('Web search is out'), 'the panel says web search is out');

    // The hand-run examples come from the open graph: a real function's words, then its id.
    const args = page.getByTestId('agent-tool-args');
    await page.waitForFunction(() => (document.querySelector<HTMLTextAreaElement>('[data-testid="agent-tool-args"]')?.value ?? '') !== '');
    const query = (JSON.parse(await args.inputValue()) as { query?: string }).query ?? '';
    assert(query !== '' && query !== 'how are prices discounted', `the example query comes from the graph (${query})`);
    await page.getByTestId('agent-tool-select').selectOption('read_code');
    const nodeId = (JSON.parse(await args.inputValue()) as { node_id?: number }).node_id ?? 0;
    await page.getByTestId('agent-tool-run').click();
    const read = (await page.getByTestId('agent-tool-output').textContent()) ?? '';
    assert(nodeId > 1 && read.toLowerCase().replace(/_/g, ' ').includes(query), `read_code's example id is that function (#${nodeId}: ${read.slice(0, 120)})`);

    // A tool by hand: Cypher finds the method the fake engine will cite.
    await page.getByTestId('agent-tool-select').selectOption('cypher');
    await page.getByTestId('agent-tool-args').fill(JSON.stringify({ query: "MATCH (m:Method {name: 'apply_coupon'}) RETURN m.id AS id" }));
    await page.getByTestId('agent-tool-run').click();
    const output = page.getByTestId('agent-tool-output');
    await output.waitFor();
    const id = Number(/id=(\d+)/.exec((await output.textContent()) ?? '')?.[1]);
    assert(Number.isInteger(id), `cypher by hand returns the node id: ${await output.textContent()}`);

    const call = (name: string, args: unknown, thought: string) => `<think>${thought}</think>\n<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;
    const script = {
      model: 'fake-qwen3',
      turns: [
        call('requirement_search', { query: 'apply a coupon to the cart' }, 'Find similar requirements.'),
        call('traverse', { node_ids: [id], direction: 'in', hops: 1, edge_types: ['USES'] }, 'Who calls it?'),
        `<think>enough</think>Coupons are remembered by the cart [#${id}].\n\`\`\`python\ndef apply(cart, code):\n    cart.apply_coupon(code)\n\`\`\``,
        '<tool_call>\n{"name": "traverse", "arguments": {"node_ids": "x"}}\n</tool_call>',
        '<tool_call>\n{broken\n</tool_call>',
      ],
    };
    await page.goto(`${env.baseUrl}?agentScript=${encodeURIComponent(JSON.stringify(script))}`);
    await waitForSummary(page);
    await waitForGraph(page);
    panel = await openPanel(page);
    assert((await page.getByTestId('agent-llm-notice').textContent())?.includes('scripted fake engine'), 'the fake engine is labelled');

    await page.getByTestId('agent-build').click();
    await page.locator('[data-testid="agent-requirements"]:not([data-count="0"])').waitFor({ timeout: 30_000 });
    assert((await page.getByTestId('agent-requirements').textContent())?.includes('PARENT_CHILD'), 'requirement counts shown');

    await ask(page, 'How are coupons applied to a cart?');
    const answer = page.locator(`[data-testid="agent-answer"][data-status="answered"]`);
    await answer.waitFor({ timeout: 30_000 });
    const tools = await page.locator('[data-testid="agent-step"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tool')));
    assert(tools.join(',') === 'requirement_search,traverse', `steps streamed in order: ${tools.join(',')}`);
    assert((await page.locator('.agent-thought').first().textContent()) === 'Find similar requirements.', 'thoughts shown');
    assert((await answer.getAttribute('data-cited')) === String(id), `answer cites #${id}`);
    const generated = page.getByTestId('agent-generated');
    assert((await generated.locator('pre').textContent())?.startsWith('def apply(cart, code):'), 'generated code shown');
    assert((await generated.locator('li').first().textContent())?.includes('apply_coupon'), 'retrieved context beside it');
    // An action's click lights its nodes on the graph: the traverse found nothing (the graph goes
    // back to plain), the requirement search lights the code nodes of the requirements it found.
    const litNodes = () =>
      page.evaluate(() => {
        const { cy } = (document.querySelector('[data-testid="graph"]') as unknown as { _cyreg: { cy: Core } })._cyreg;
        return { lit: cy.nodes('.cypher-hit').map((n) => Number(n.data('nodeId'))), dimmed: cy.nodes('.cypher-dim').length };
      });
    const stepOf = (tool: string) => page.locator(`[data-testid="agent-step"][data-tool="${tool}"]`);
    await stepOf('traverse').locator('.agent-action').click();
    await page.waitForFunction(() => (document.querySelector('[data-testid="graph"]') as unknown as { _cyreg: { cy: Core } })._cyreg.cy.nodes('.cypher-hit, .cypher-dim').length === 0);
    const found = (await stepOf('requirement_search').locator('.agent-observation').textContent()) ?? '';
    const codeNodes = [...found.matchAll(/-> #(\d+)/g)].map((m) => Number(m[1]));
    assert(codeNodes.length > 0, `the requirement search found code nodes: ${found}`);
    await stepOf('requirement_search').locator('.agent-action').click();
    await page.waitForFunction(() => (document.querySelector('[data-testid="graph"]') as unknown as { _cyreg: { cy: Core } })._cyreg.cy.nodes('.cypher-hit').length > 0, null, { timeout: 10_000 });
    const { lit, dimmed } = await litNodes();
    assert(lit.every((nodeId) => codeNodes.includes(nodeId)), `the lit nodes ${lit.join(', ')} are the action's (${codeNodes.join(', ')})`);
    assert(dimmed > 0, 'the rest of the graph is dimmed');
    await answer.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    await screenshot(page, env, 'agent-light');
    await setTheme(page, 'dark');
    await page.waitForTimeout(300);
    await screenshot(page, env, 'agent-dark');
    await setTheme(page, 'light');

    await page.getByTestId('agent-cite').first().click();
    await page.waitForFunction(() => document.querySelector('[data-testid="details-pane"]')?.textContent?.includes('apply_coupon') ?? false, null, { timeout: 10_000 });
    const requirement = page.getByTestId('details-requirement-graph');
    await requirement.waitFor({ timeout: 10_000 });
    assert((await requirement.textContent())?.includes('from the docstring'), 'details pane shows the requirement and its source');

    await ask(page, 'Break the tool calls');
    const stopped = page.locator('[data-testid="agent-answer"][data-status="malformed"]');
    await stopped.waitFor({ timeout: 20_000 });
    assert((await stopped.textContent())?.includes('two malformed tool calls in a row'), 'malformed calls stop with a clear message');
  });
});
