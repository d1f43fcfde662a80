/**
 * @file Repeated rounds of the ingest benchmark (--repeat N): each round measures the raw parses
 * and both end-to-end runs again and takes its ratios against its own raw parses; the rounds are
 * then summed up as median and range, since one chromium run moves by about 5 % from the next.
 * Pure: figures in, table out.
 * Runs in: Node (bench, tests).
 */
import type { BenchReport } from './report.ts';
import { budgetVerdict, formatPercent, formatSeconds, formatTable } from './stats.ts';

/** What one round measured: times in ms, ratios as fractions (null where a run failed or was skipped). */
export interface RoundFigures {
  rawMs: number;
  browserRawMs: number | null;
  nodeMs: number | null;
  browserMs: number | null;
  /** Node end to end / this round's Node raw parse. */
  node: number | null;
  /** chromium end to end / this round's Node raw parse. */
  browser: number | null;
  /** chromium end to end / this round's chromium raw parse. */
  browserVsChromiumRaw: number | null;
  /** The Node parse stage alone / this round's Node raw parse: the end to end's ceiling. */
  parseStage: number | null;
  /** The app's parse stage alone / this round's chromium raw parse: the app's ceiling. */
  browserParseStage: number | null;
  /** Each end to end / its own parse stage alone in this round: the goal's ratio. */
  nodeVsParseStage: number | null;
  browserVsParseStage: number | null;
}

export function roundFigures(report: BenchReport): RoundFigures {
  return {
    rawMs: report.raw.ms,
    browserRawMs: 'error' in report.browserRaw ? null : report.browserRaw.ms,
    nodeMs: 'error' in report.node ? null : report.node.wallMs,
    browserMs: 'error' in report.browser ? null : report.browser.wallMs,
    node: report.ratios.node.value,
    browser: report.ratios.browser.value,
    browserVsChromiumRaw: report.ratios.browserVsChromiumRaw.value,
    parseStage: report.ratios.parseStage,
    browserParseStage: report.ratios.browserParseStage,
    nodeVsParseStage: report.ratios.nodeVsParseStage,
    browserVsParseStage: report.ratios.browserVsParseStage,
  };
}

export interface Spread {
  median: number;
  min: number;
  max: number;
  /** How many rounds had a value. */
  count: number;
}

/** Median (the mean of the middle two for an even count), least and greatest of the values present. */
export function spread(values: readonly (number | null)[]): Spread | null {
  const present = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (present.length === 0) return null;
  const middle = present.length >> 1;
  const median = present.length % 2 === 1 ? present[middle]! : (present[middle - 1]! + present[middle]!) / 2;
  return { median, min: present[0]!, max: present.at(-1)!, count: present.length };
}

type Column = { title: string; of: (r: RoundFigures) => number | null; format: (v: number | null) => string };

const seconds = (v: number | null) => (v === null ? '-' : formatSeconds(v));
const percent = (v: number | null) => (v === null ? '-' : formatPercent(v));

const COLUMNS: Column[] = [
  { title: 'raw Node', of: (r) => r.rawMs, format: seconds },
  { title: 'raw chromium', of: (r) => r.browserRawMs, format: seconds },
  { title: 'Node e2e', of: (r) => r.nodeMs, format: seconds },
  { title: 'chromium e2e', of: (r) => r.browserMs, format: seconds },
  { title: 'Node vs raw', of: (r) => r.node, format: percent },
  { title: 'chromium vs Node raw', of: (r) => r.browser, format: percent },
  { title: 'chromium vs own raw', of: (r) => r.browserVsChromiumRaw, format: percent },
  { title: 'Node parse stage vs raw', of: (r) => r.parseStage, format: percent },
  { title: 'chromium parse stage vs own raw', of: (r) => r.browserParseStage, format: percent },
  { title: 'Node vs its parse stage', of: (r) => r.nodeVsParseStage, format: percent },
  { title: 'chromium vs its parse stage', of: (r) => r.browserVsParseStage, format: percent },
];

/** A row per round, the median and range of each column, and the goals (each end to end / its own parse stage) on the medians. */
export function renderRounds(rounds: readonly RoundFigures[], goals: { node: number; browser: number }): string {
  const rows: string[][] = [['round', ...COLUMNS.map((c) => c.title)]];
  rounds.forEach((round, i) => rows.push([String(i + 1), ...COLUMNS.map((c) => c.format(c.of(round)))]));
  const spreads = COLUMNS.map((c) => spread(rounds.map(c.of)));
  rows.push(['median', ...COLUMNS.map((c, i) => c.format(spreads[i]?.median ?? null))]);
  rows.push(['range', ...COLUMNS.map((c, i) => (spreads[i] ? `${c.format(spreads[i].min)}-${c.format(spreads[i].max)}` : '-'))]);
  const median = (of: (r: RoundFigures) => number | null) => spread(rounds.map(of))?.median ?? null;
  return [
    `Rounds (${rounds.length}; each round's ratios use its own raw parses and parse stages):`,
    formatTable(rows),
    `Goal on the medians (each end to end / its own parse stage alone): Node ${verdictText(median((r) => r.nodeVsParseStage), goals.node)}, ` +
      `chromium ${verdictText(median((r) => r.browserVsParseStage), goals.browser)}.`,
  ].join('\n');
}

function verdictText(value: number | null, goal: number): string {
  return value === null ? 'n/a' : `${budgetVerdict(value, goal)} (${percent(value)} against ${percent(goal)})`;
}
