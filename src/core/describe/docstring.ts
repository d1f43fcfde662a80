/**
 * @file Docstring parsing for structural descriptions: cleans comment markers, finds the
 * summary's first sentence, and reads parameter / return sections in Google
 * (Args:, Returns:), NumPy (Parameters / -------), reST (:param x:, :returns:) and JSDoc
 * (@param, @returns) styles. The summary of a Javadoc / JSDoc comment (one with an inline tag
 * such as `{@code x}` or a tag line such as `@param`) reads as rendered: inline tags unwrapped
 * (`{@code x}` -> x) and HTML markup tags (`<p>`, `<code>`, `<a href>`) dropped; other angle
 * brackets (`<name>`, `List<T>`) stay, and other docstrings keep their text as written (a
 * Python docstring's "wrap it in <p> tags" is prose, not markup).
 * Runs in: everywhere. Layer src/core.
 */

export interface DocParam {
  name: string;
  type: string | null;
  description: string;
}

export interface ParsedDocstring {
  /** Summary paragraph (text before the first blank line or section), whitespace collapsed. */
  summary: string;
  /** First sentence of the summary ('' when the docstring is empty). */
  firstSentence: string;
  params: DocParam[];
  /** Return description, with its type in front when given ('float: the quotient'). */
  returns: string | null;
}

const GOOGLE_PARAMS = /^(args|arguments|parameters|params|keyword args|keyword arguments|attributes)\s*:\s*$/i;
const GOOGLE_RETURNS = /^(returns?|yields?)\s*:\s*(.*)$/i;
const NUMPY_UNDERLINE = /^-{3,}\s*$/;
const NUMPY_PARAMS = /^(parameters|other parameters|attributes)$/i;
const NUMPY_RETURNS = /^(returns?|yields?)$/i;
const ANY_SECTION = /^(args|arguments|parameters|params|keyword args|keyword arguments|attributes|returns?|yields?|raises?|throws?|examples?|notes?|see also|references|warnings?|todo|other parameters)\s*:?\s*$/i;

/** Removes quotes and comment markers (`"""`, `/**`, leading `*`) and the common indent. */
export function cleanDocstring(raw: string): string {
  let text = raw.trim();
  const block = text.startsWith('/*');
  text = text.replace(/^[rRuUbB]?("""|''')/, '').replace(/("""|''')$/, '');
  text = text.replace(/^\/\*\*?/, '').replace(/\*\/$/, '');
  let lines = text.split(/\r?\n/).map((line) => line.replace(/\s+$/, ''));
  if (block) lines = lines.map((line) => line.replace(/^\s*\*(?!\/) ?/, ''));
  const indents = lines.slice(1).filter((l) => l.trim() !== '').map(indentOf);
  const common = indents.length > 0 ? Math.min(...indents) : 0;
  lines = lines.map((l, i) => (i === 0 ? l.trim() : l.slice(common)));
  return lines.join('\n').trim();
}

/** The first sentence of a text: up to the first '.', '!' or '?' followed by whitespace or end. */
export function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const match = /^.*?[.!?](?=\s|$)/.exec(flat);
  return (match ? match[0] : flat).trim();
}

const HTML_TAG = /<\/?(?:a|abbr|b|big|blockquote|br|cite|code|dd|div|dl|dt|em|h[1-6]|hr|i|kbd|li|ol|p|pre|s|samp|small|span|strong|sub|sup|table|td|th|tr|tt|u|ul|var)(?:\s[^<>]*)?\/?>/gi;

/** Javadoc / JSDoc prose as rendered: `{@code x}` / `{@link x}` -> x, HTML markup tags (`<p>`, `<code>`) dropped. */
function unwrapInlineTags(text: string): string {
  return text.replace(/\{@\w+\s+([^}]*)\}/g, '$1').replace(HTML_TAG, '');
}

export function parseDocstring(raw: string | null | undefined): ParsedDocstring {
  const text = raw ? cleanDocstring(raw) : '';
  const lines = text.split('\n');
  const summaryLines: string[] = [];
  for (const line of lines) {
    const t = line.trim();
    if (t === '' || ANY_SECTION.test(t) || t.startsWith(':') || t.startsWith('@')) break;
    summaryLines.push(t);
  }
  const joined = summaryLines.join(' ');
  const javadocStyle = /\{@\w+|^\s*@\w+/m.test(text);
  const summary = (javadocStyle ? unwrapInlineTags(joined) : joined).replace(/\s+/g, ' ').trim();
  const params: DocParam[] = [];
  let returns: string | null = null;
  const addReturn = (part: string): void => {
    const clean = part.replace(/\s+/g, ' ').trim();
    if (clean) returns = returns ? `${returns} ${clean}` : clean;
  };

  for (let i = 0; i < lines.length; i++) {
    const t = lines[i].trim();
    const next = (lines[i + 1] ?? '').trim();
    if (NUMPY_UNDERLINE.test(next) && (NUMPY_PARAMS.test(t) || NUMPY_RETURNS.test(t))) {
      const body = sectionBody(lines, i + 2, true);
      if (NUMPY_PARAMS.test(t)) params.push(...numpyParams(body));
      else addReturn(numpyReturns(body));
      continue;
    }
    if (GOOGLE_PARAMS.test(t)) {
      params.push(...googleParams(sectionBody(lines, i + 1, false)));
      continue;
    }
    const googleReturn = GOOGLE_RETURNS.exec(t);
    if (googleReturn && !t.startsWith(':')) {
      addReturn([googleReturn[2], ...sectionBody(lines, i + 1, false).map((l) => l.trim())].join(' '));
      continue;
    }
    const restParam = /^:param\s+(?:([^:\s]+)\s+)?([\w*]+)\s*:\s*(.*)$/.exec(t);
    if (restParam) {
      params.push({ name: restParam[2].replace(/^\*+/, ''), type: restParam[1] ?? null, description: withContinuation(lines, i, restParam[3]) });
      continue;
    }
    const restType = /^:type\s+([\w*]+)\s*:\s*(.*)$/.exec(t);
    if (restType) {
      const param = params.find((p) => p.name === restType[1].replace(/^\*+/, ''));
      if (param) param.type = restType[2].trim();
      continue;
    }
    const restReturn = /^:returns?\s*:\s*(.*)$/.exec(t);
    if (restReturn) {
      addReturn(withContinuation(lines, i, restReturn[1]));
      continue;
    }
    const restRtype = /^:rtype\s*:\s*(.*)$/.exec(t);
    if (restRtype) {
      returns = returns ? `${restRtype[1].trim()}: ${returns}` : restRtype[1].trim();
      continue;
    }
    const jsParam = /^@param\s+(?:\{([^}]*)\}\s+)?\[?([\w$.]+)(?:=[^\]]*)?\]?\s*(?:-\s*)?(.*)$/.exec(t);
    if (jsParam) {
      params.push({ name: jsParam[2], type: jsParam[1] ?? null, description: withContinuation(lines, i, jsParam[3]) });
      continue;
    }
    const jsReturn = /^@returns?\s+(?:\{([^}]*)\}\s*)?(.*)$/.exec(t);
    if (jsReturn) {
      const description = withContinuation(lines, i, jsReturn[2]);
      addReturn(jsReturn[1] ? `${jsReturn[1]}: ${description}`.replace(/:\s*$/, '') : description);
    }
  }
  return { summary, firstSentence: firstSentence(summary), params, returns };
}

/** Lines after a section header, until a blank line followed by a non-indented line or another section. */
function sectionBody(lines: readonly string[], start: number, numpy: boolean): string[] {
  const body: string[] = [];
  for (let i = start; i < lines.length; i++) {
    const line = lines[i];
    const t = line.trim();
    if (t === '') {
      if (body.length > 0 && !numpy) break;
      if (numpy && NUMPY_UNDERLINE.test((lines[i + 2] ?? '').trim())) break;
      continue;
    }
    if (!numpy && !/^\s/.test(line)) break;
    if (numpy && NUMPY_UNDERLINE.test((lines[i + 1] ?? '').trim())) break;
    body.push(line);
  }
  return body;
}

/** Google: `name (type): description` lines, continuation lines indented deeper. */
function googleParams(body: readonly string[]): DocParam[] {
  const out: DocParam[] = [];
  const baseIndent = body.length > 0 ? indentOf(body[0]) : 0;
  for (const line of body) {
    const m = /^\s*\**([\w$]+)\s*(?:\(([^)]*)\))?\s*:\s*(.*)$/.exec(line);
    if (m && indentOf(line) === baseIndent) out.push({ name: m[1], type: m[2]?.trim() || null, description: m[3].trim() });
    else if (out.length > 0) out[out.length - 1].description = `${out[out.length - 1].description} ${line.trim()}`.trim();
  }
  return out;
}

/** NumPy: `name : type` lines, description indented below. */
function numpyParams(body: readonly string[]): DocParam[] {
  const out: DocParam[] = [];
  const baseIndent = body.length > 0 ? indentOf(body[0]) : 0;
  for (const line of body) {
    if (indentOf(line) === baseIndent) {
      const m = /^\s*\**([\w$]+)\s*(?::\s*(.*))?$/.exec(line);
      if (m) out.push({ name: m[1], type: m[2]?.trim() || null, description: '' });
    } else if (out.length > 0) {
      out[out.length - 1].description = `${out[out.length - 1].description} ${line.trim()}`.trim();
    }
  }
  return out;
}

function numpyReturns(body: readonly string[]): string {
  if (body.length === 0) return '';
  const baseIndent = indentOf(body[0]);
  const heads = body.filter((l) => indentOf(l) === baseIndent).map((l) => l.trim());
  const text = body.filter((l) => indentOf(l) > baseIndent).map((l) => l.trim()).join(' ');
  return text ? `${heads.join(', ')}: ${text}` : heads.join(', ');
}

/** A tagged line's text plus following lines indented deeper than the tag (reST / JSDoc). */
function withContinuation(lines: readonly string[], index: number, first: string): string {
  const parts = [first.trim()];
  const indent = indentOf(lines[index]);
  for (let i = index + 1; i < lines.length; i++) {
    const t = lines[i].trim();
    if (t === '' || t.startsWith(':') || t.startsWith('@') || indentOf(lines[i]) <= indent) break;
    parts.push(t);
  }
  return parts.join(' ').trim();
}

function indentOf(line: string): number {
  return /^\s*/.exec(line)![0].length;
}
