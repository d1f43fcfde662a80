/**
 * @file CodeMirror 6 pieces for the Cypher console: a small Cypher stream language (keywords,
 * functions, labels and relationship types after ':', properties after '.', strings, numbers,
 * comments), its highlight classes coloured from the app's code palette (light and dark),
 * schema-aware completion (labels in node patterns, types in relationship patterns, node or
 * relationship properties after '.', keys in property maps, keywords, functions, variables)
 * and an error mark at a line:column. Runs in: the main thread.
 */
import { autocompletion, closeBrackets } from '@codemirror/autocomplete';
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, HighlightStyle, StreamLanguage, syntaxHighlighting } from '@codemirror/language';
import type { StringStream } from '@codemirror/language';
import { StateEffect, StateField } from '@codemirror/state';
import type { EditorState, Extension } from '@codemirror/state';
import { Decoration, EditorView, keymap, placeholder } from '@codemirror/view';
import type { DecorationSet } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { CYPHER_FUNCTIONS, CYPHER_KEYWORDS } from '../data/cypherResults.ts';
import type { CypherVocabulary } from '../data/cypherResults.ts';

const KEYWORD_WORDS = new Set(
  [...CYPHER_KEYWORDS.flatMap((k) => k.split(' ')), 'BY', 'ALL', 'XOR', 'CREATE', 'MERGE', 'DELETE', 'DETACH', 'SET', 'REMOVE', 'CALL', 'WITH', 'UNWIND', 'YIELD', 'CASE', 'WHEN', 'THEN', 'ELSE', 'END'].map((w) => w.toUpperCase()),
);
const FUNCTION_WORDS = new Set(CYPHER_FUNCTIONS.map((f) => f.toLowerCase()));

interface CypherState {
  /** The previous significant character (':' makes the next word a label or type, '.' a property). */
  after: string;
}

function token(stream: StringStream, state: CypherState): string | null {
  if (stream.eatSpace()) return null;
  if (stream.match('//')) {
    stream.skipToEnd();
    return 'comment';
  }
  const ch = stream.peek() ?? '';
  if (ch === "'" || ch === '"') {
    stream.next();
    let escaped = false;
    for (let c = stream.next(); c !== undefined; c = stream.next()) {
      if (c === ch && !escaped) break;
      escaped = !escaped && c === '\\';
    }
    state.after = '';
    return 'string';
  }
  if (stream.match(/^\$[A-Za-z_0-9]+/)) {
    state.after = '';
    return 'variableName.special';
  }
  if (stream.match(/^[0-9]+(\.[0-9]+)?/)) {
    state.after = '';
    return 'number';
  }
  if (stream.match(/^`[^`]*`?/) || stream.match(/^[A-Za-z_][A-Za-z0-9_]*/)) {
    const word = stream.current().replaceAll('`', '');
    const after = state.after;
    state.after = '';
    if (after === ':') return 'typeName';
    if (after === '.') return 'propertyName';
    if (KEYWORD_WORDS.has(word.toUpperCase())) return 'keyword';
    if (FUNCTION_WORDS.has(word.toLowerCase()) && stream.match(/^\s*\(/, false)) return 'variableName.function';
    return 'variableName';
  }
  stream.next();
  state.after = ch === ':' || ch === '.' || ch === '|' ? (ch === '|' ? ':' : ch) : '';
  if ('()[]{}'.includes(ch)) return 'bracket';
  if ('-<>=*+/%~'.includes(ch)) return 'operator';
  return 'punctuation';
}

export const cypherLanguage = StreamLanguage.define<CypherState>({
  name: 'cypher',
  startState: () => ({ after: '' }),
  copyState: (s) => ({ ...s }),
  token,
  languageData: { commentTokens: { line: '//' } },
});

/** Highlight classes (cy-*) and their colours from the app's --code-* variables. */
const cypherHighlight = HighlightStyle.define([
  { tag: tags.keyword, class: 'cy-keyword' },
  { tag: tags.string, class: 'cy-string' },
  { tag: tags.number, class: 'cy-number' },
  { tag: tags.comment, class: 'cy-comment' },
  { tag: tags.typeName, class: 'cy-label' },
  { tag: tags.propertyName, class: 'cy-property' },
  { tag: tags.function(tags.variableName), class: 'cy-function' },
  { tag: tags.variableName, class: 'cy-variable' },
  { tag: tags.operator, class: 'cy-operator' },
  { tag: tags.special(tags.variableName), class: 'cy-param' },
]);

const cypherTheme = EditorView.theme({
  '&': { fontSize: '13px', border: '1px solid var(--border)', borderRadius: '6px', background: 'var(--code-bg)', color: 'var(--text)' },
  '&.cm-focused': { outline: '2px solid var(--focus)', outlineOffset: '-1px' },
  '.cm-content': { fontFamily: 'var(--mono)', caretColor: 'var(--text)', padding: '6px 0' },
  '.cm-scroller': { fontFamily: 'var(--mono)', maxHeight: '9.5em' },
  '.cm-cursor': { borderLeftColor: 'var(--text)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { background: 'var(--accent-soft) !important' },
  '.cy-keyword': { color: 'var(--code-keyword)', fontWeight: '600' },
  '.cy-string': { color: 'var(--code-string)' },
  '.cy-param': { color: 'var(--code-attr)', fontStyle: 'italic' },
  '.cy-number': { color: 'var(--code-number)' },
  '.cy-comment': { color: 'var(--code-comment)', fontStyle: 'italic' },
  '.cy-label': { color: 'var(--code-title)' },
  '.cy-property': { color: 'var(--code-attr)' },
  '.cy-function': { color: 'var(--code-builtin)' },
  '.cy-error': { textDecoration: 'underline wavy var(--danger)', background: 'var(--danger-soft)' },
  '.cm-tooltip': { background: 'var(--panel)', color: 'var(--text)', border: '1px solid var(--border)' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': { background: 'var(--accent)', color: '#fff' },
  '.cm-completionDetail': { color: 'var(--muted)', marginLeft: '0.6em', fontStyle: 'normal' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected] .cm-completionDetail': { color: 'inherit', opacity: '0.8' },
  '.cm-tooltip-autocomplete > ul': { fontFamily: 'var(--mono)' },
  '.cm-matchingBracket': { background: 'var(--accent-soft)', outline: 'none' },
});

// ---- completion ----

/** The innermost unclosed '(' '[' or '{' before `pos`, or null. */
function openBracket(text: string): string | null {
  const stack: string[] = [];
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if ('([{'.includes(c)) stack.push(c);
    else if (')]}'.includes(c)) stack.pop();
  }
  return stack.at(-1) ?? null;
}

function relationshipVariables(text: string): Set<string> {
  return new Set([...text.matchAll(/\[\s*([A-Za-z_]\w*)/g)].map((m) => m[1]!));
}

function variables(text: string): string[] {
  const names = [...text.matchAll(/[([]\s*([A-Za-z_]\w*)/g), ...text.matchAll(/\bAS\s+([A-Za-z_]\w*)/gi)].map((m) => m[1]!);
  return [...new Set(names)].filter((n) => !KEYWORD_WORDS.has(n.toUpperCase()));
}

function options(words: readonly string[], type: string, detail: string, boost = 0): Completion[] {
  return words.map((label) => ({ label, type, detail, boost }));
}

/** Completion from the graph schema: what fits where the cursor is. */
export function cypherCompletionSource(vocabulary: CypherVocabulary) {
  return (context: CompletionContext): CompletionResult | null => {
    const word = context.matchBefore(/[A-Za-z_]\w*/);
    const from = word ? word.from : context.pos;
    const before = context.state.sliceDoc(0, from);
    const prev = before.trimEnd().at(-1) ?? '';
    const prevRaw = before.at(-1) ?? '';
    if (!word && !context.explicit && !':.|{'.includes(prevRaw || ' ')) return null;
    const bracket = openBracket(before);
    if (prevRaw === ':' || prevRaw === '|') {
      if (bracket === '[') return { from, options: options(vocabulary.relationshipTypes, 'type', 'relationship type'), validFor: /^\w*$/ };
      if (bracket === '(') return { from, options: options(vocabulary.labels, 'class', 'label'), validFor: /^\w*$/ };
    }
    if (prevRaw === '.') {
      const owner = /([A-Za-z_]\w*)\.$/.exec(before)?.[1] ?? '';
      const props = relationshipVariables(before).has(owner) ? vocabulary.relationshipProperties : vocabulary.nodeProperties;
      return { from, options: options(props, 'property', 'property'), validFor: /^\w*$/ };
    }
    if (bracket === '{' && (prev === '{' || prev === ',')) {
      return { from, options: options(vocabulary.nodeProperties, 'property', 'property key'), validFor: /^\w*$/ };
    }
    return {
      from,
      options: [
        ...options(CYPHER_KEYWORDS, 'keyword', 'keyword'),
        ...CYPHER_FUNCTIONS.map((f) => ({ label: f, type: 'function', detail: 'function', apply: `${f}(` })),
        ...options(variables(context.state.doc.toString()), 'variable', 'variable', 1),
      ],
      validFor: /^\w*$/,
    };
  };
}

// ---- error mark ----

export const setErrorMark = StateEffect.define<{ from: number; to: number } | null>();

const errorField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, tr) {
    let next = tr.docChanged ? Decoration.none : marks;
    for (const effect of tr.effects) {
      if (!effect.is(setErrorMark)) continue;
      next = effect.value && effect.value.to > effect.value.from ? Decoration.set([Decoration.mark({ class: 'cy-error' }).range(effect.value.from, effect.value.to)]) : Decoration.none;
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** Document range of the token at line:column (1-based), for the error mark. */
export function rangeAt(state: EditorState, line: number, column: number): { from: number; to: number } | null {
  if (line < 1 || line > state.doc.lines) return null;
  const info = state.doc.line(line);
  const from = Math.min(info.to, info.from + column - 1);
  const rest = state.sliceDoc(from, info.to);
  const length = /^[A-Za-z_]\w*|^\S/.exec(rest)?.[0].length ?? 0;
  const to = from + Math.max(1, length);
  return to <= state.doc.length ? { from, to } : from > 0 ? { from: from - 1, to: from } : null;
}

export function cypherExtensions(vocabulary: CypherVocabulary, onRun: () => void, onChange: (text: string) => void): Extension[] {
  return [
    history(),
    closeBrackets(),
    bracketMatching(),
    cypherLanguage,
    syntaxHighlighting(cypherHighlight),
    autocompletion({ override: [cypherCompletionSource(vocabulary)], activateOnTyping: true, icons: false }),
    errorField,
    placeholder('MATCH (n:Class) RETURN n LIMIT 10'),
    keymap.of([
      { key: 'Mod-Enter', run: () => (onRun(), true), preventDefault: true },
      ...defaultKeymap,
      ...historyKeymap,
    ]),
    EditorView.lineWrapping,
    EditorView.updateListener.of((update) => {
      if (update.docChanged) onChange(update.state.doc.toString());
    }),
    EditorView.contentAttributes.of({ 'aria-label': 'Cypher query', 'data-testid': 'cypher-input' }),
    cypherTheme,
  ];
}
