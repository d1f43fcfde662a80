/** @file Embedding after an index: when, which sources, and what a search answered meanwhile says. */
import { describe, expect, it } from 'vitest';
import { BIG_GRAPH_NODES } from '../search/bigGraph.ts';
import { autoEmbedDecision, vectorsInProgressNote } from './autoEmbed.ts';
import type { AutoEmbedInput } from './autoEmbed.ts';

const neural = { id: 'ranger-code-search-mini', label: 'ranger-code-search-mini (built-in neural, offline)' };
const base: AutoEmbedInput = { enabled: true, busy: false, origin: 'index', embedder: neural, sets: [] };
const lexicalSets = [
  { model: 'builtin:lexical', source: 'description' as const },
  { model: 'builtin:lexical', source: 'code' as const },
];

describe('autoEmbedDecision', () => {
  it('embeds both sources after a full index, whatever the graph holds', () => {
    expect(autoEmbedDecision(base)).toEqual({ embed: true, sources: ['description', 'code'] });
    expect(autoEmbedDecision({ ...base, sets: lexicalSets })).toEqual({ embed: true, sources: ['description', 'code'] });
  });

  it('says why not when the setting is off, another semantic task runs or the embedder would download first', () => {
    expect(autoEmbedDecision({ ...base, enabled: false })).toEqual({ embed: false, reason: 'Embedding after indexing is off.' });
    const hub = { id: 'Xenova/bge-small-en-v1.5', label: 'bge-small-en-v1.5' };
    expect(autoEmbedDecision({ ...base, embedder: hub, needsDownload: true })).toEqual({ embed: false, reason: 'bge-small-en-v1.5 downloads first: Load models, then Embed.' });
    const busy = autoEmbedDecision({ ...base, busy: true });
    expect(busy.embed).toBe(false);
    expect(busy.embed === false && busy.reason).toMatch(/Another semantic task/);
  });

  it('leaves a graph above BIG_GRAPH_NODES to Embed, and says why', () => {
    expect(autoEmbedDecision({ ...base, nodes: BIG_GRAPH_NODES })).toEqual({ embed: true, sources: ['description', 'code'] });
    expect(autoEmbedDecision({ ...base, nodes: 929_372 })).toEqual({
      embed: false,
      reason: 'This graph has 929,372 nodes: embedding them all with ranger-code-search-mini (built-in neural, offline) would take hours, so it is left to Embed. Searches meanwhile compute built-in vectors for the part of the graph each question needs.',
    });
  });

  it('imports a bundle as it is when it carries a set of the embedder, else embeds both sources', () => {
    expect(autoEmbedDecision({ ...base, origin: 'bundle', sets: lexicalSets })).toEqual({ embed: true, sources: ['description', 'code'] });
    const carried = autoEmbedDecision({ ...base, origin: 'bundle', sets: [...lexicalSets, { model: neural.id, source: 'code' }] });
    expect(carried).toEqual({ embed: false, reason: `The bundle carries vectors of ${neural.label}.` });
  });

  it('after an incremental re-index: everything when nodes changed, the missing sources when none did', () => {
    const both = [
      { model: neural.id, source: 'description' as const },
      { model: neural.id, source: 'code' as const },
    ];
    expect(autoEmbedDecision({ ...base, sets: both, changedNodes: 3 })).toEqual({ embed: true, sources: ['description', 'code'] });
    expect(autoEmbedDecision({ ...base, sets: both, changedNodes: 0 })).toEqual({ embed: false, reason: `Nothing changed, and the vectors of ${neural.label} are kept.` });
    // An embed cancelled after the description set: the re-index finishes the job.
    expect(autoEmbedDecision({ ...base, sets: [both[0]!], changedNodes: 0 })).toEqual({ embed: true, sources: ['code'] });
  });
});

describe('vectorsInProgressNote', () => {
  const building = { model: neural.id, label: neural.label, source: 'code' as const, done: 340, total: 1212 };

  it('names the embedder that answered while the new vectors are built', () => {
    const note = vectorsInProgressNote(building, { model: 'builtin:lexical', label: 'the built-in lexical embedder', sources: ['description', 'code'] });
    expect(note).toBe(
      `The vectors of ${neural.label} are still being built (code 340 / 1,212), so the built-in lexical embedder answered; the next search after the embedding uses the new vectors.`,
    );
  });

  it('says when only the stored source of the new model answered, and nothing when every set answered', () => {
    const partial = vectorsInProgressNote(building, { model: neural.id, label: neural.label, sources: ['description'] });
    expect(partial).toBe(`The code vectors of ${neural.label} are still being built (code 340 / 1,212), so only its description vectors answered; the next search after the embedding uses both.`);
    expect(vectorsInProgressNote(building, { model: neural.id, label: neural.label, sources: ['description', 'code'] })).toBeNull();
  });
});
