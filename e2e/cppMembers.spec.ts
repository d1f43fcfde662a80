/**
 * @file C++ in the app: a header and its source in one folder are two modules (`src.shape`,
 * `src.shape.cpp`), whose members read by their namespace's name (`geo.Shape.area`); search
 * takes a name as C++ writes it (`Shape::area`); the declared member's details lead to its
 * out-of-line definition, which reads the class's members, and back. Nothing here reads vectors,
 * so the embedding the app starts after an index is turned off.
 * Runs in: Node (e2e, driving chromium).
 */
import { zipSync } from 'fflate';
import { assert, screenshot, test, turnAutoEmbedOff, waitForSummary, withSession } from './harness.ts';

const GEO: Record<string, string> = {
  'geo/src/shape.h': [
    '#pragma once',
    'namespace geo {',
    '/// A closed figure.',
    'class Shape {',
    ' public:',
    '  virtual ~Shape() = default;',
    '  double area() const;',
    '  int sides() const { return sides_; }',
    ' protected:',
    '  int sides_ = 0;',
    '};',
    '}',
  ].join('\n'),
  'geo/src/shape.cpp': ['#include "shape.h"', 'namespace geo {', 'double Shape::area() const {', '  return sides() * 1.5 + this->sides_;', '}', '}'].join('\n'),
  'geo/src/main.cpp': ['#include "shape.h"', 'int main() {', '  geo::Shape s;', '  return static_cast<int>(s.area());', '}'].join('\n'),
};

test('C++: a header and its source, a name searched as written, a declared member and its definition', async ({ env }) => {
  test.setTimeout(120_000);
  await withSession(env, 'cpp-members', async (_session, page) => {
    await page.goto(env.baseUrl);
    await turnAutoEmbedOff(page);
    const entries = Object.fromEntries(Object.entries(GEO).map(([path, text]) => [path, new TextEncoder().encode(text)]));
    await page.getByTestId('zip-input').setInputFiles({ name: 'geo.zip', mimeType: 'application/zip', buffer: Buffer.from(zipSync(entries)) });
    const summary = await waitForSummary(page);
    assert(summary.files === 3, `three files indexed: ${JSON.stringify(summary)}`);

    await page.getByTestId('search-input').fill('Shape::area');
    const options = page.getByTestId('search-results').locator('[role="option"]');
    await options.first().waitFor();
    const texts = await options.allTextContents();
    assert(texts.some((t) => t.includes('src/shape.cpp')) && texts.some((t) => /method/.test(t)), `the declaration and the definition are found: ${texts.join(' | ')}`);
    // Both by C++'s own name, the namespace's: geo::Shape::area.
    assert(texts.filter((t) => t.includes('geo.Shape.area')).length === 2, `named geo.Shape.area: ${texts.join(' | ')}`);
    await options.filter({ hasText: 'method' }).first().click();

    const pane = page.getByTestId('details-pane');
    const counterparts = page.getByTestId('details-counterparts');
    await counterparts.waitFor();
    const declared = (await counterparts.textContent()) ?? '';
    assert(/Defined out of line/.test(declared) && declared.includes('src/shape.cpp:3'), `the declaration points at its definition: ${declared}`);
    await screenshot(page, env, 'cpp-members-declaration-light');

    await counterparts.getByRole('button').first().click();
    await page.waitForFunction(() => document.querySelector('[data-testid="details-qualified"]')?.textContent === 'src.shape.cpp.Shape.area');
    const defined = (await counterparts.textContent()) ?? '';
    assert(/Member of/.test(defined) && defined.includes('src/shape.h:4') && defined.includes('src/shape.h:7'), `the definition names its class and declaration: ${defined}`);
    const edges = (await pane.locator('.edge-list').allTextContents()).join(' ');
    assert(edges.includes('sides') && edges.includes('sides_'), `the definition uses the class's members: ${edges}`);
    await screenshot(page, env, 'cpp-members-definition-light');
  });
});
