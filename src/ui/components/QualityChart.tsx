/**
 * @file Quality against MCTS iterations (RANGER Fig. 3) as a small SVG line chart: NDCG,
 * Recall and MRR at k over the iteration counts (x, log-spaced when wide), reranker calls as a
 * second label row under each count, and exhaustive rerank's NDCG as a dashed reference line
 (labelled in the legend row, clear of the data).
 * Colours come from CSS variables, so both themes work.
 * Runs in: the main thread.
 */
import type { EvalReport } from '../../core/agent/searchService.ts';
import { iterationScale, linePath, linearScale, niceTicks } from '../data/chartScale.ts';

type CurvePoint = NonNullable<EvalReport['curve']>[number];

const WIDTH = 640;
const HEIGHT = 280;
const M = { left: 44, right: 18, top: 26, bottom: 50 };
const SERIES = [
  { key: 'ndcg', label: 'NDCG', color: 'var(--chart-1)' },
  { key: 'recall', label: 'Recall', color: 'var(--chart-2)' },
  { key: 'mrr', label: 'MRR', color: 'var(--chart-3)' },
] as const;

export function QualityChart({ curve, k, reference }: { curve: CurvePoint[]; k: number; reference?: number }) {
  const points = [...curve].sort((a, b) => a.iterations - b.iterations);
  const x = iterationScale(
    points.map((p) => p.iterations),
    [M.left + 10, WIDTH - M.right - 10],
  );
  const y = linearScale([0, 1], [HEIGHT - M.bottom, M.top]);
  const ticks = niceTicks(0, 1, 5);
  return (
    <figure className="quality-chart" data-testid="eval-chart" data-points={points.length}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`Quality at ${k} against MCTS iterations`}>
        {ticks.map((t) => (
          <g key={t}>
            <line className="chart-grid" x1={M.left} x2={WIDTH - M.right} y1={y(t)} y2={y(t)} />
            <text className="chart-tick" x={M.left - 6} y={y(t) + 4} textAnchor="end">
              {t.toFixed(1)}
            </text>
          </g>
        ))}
        <line className="chart-axis" x1={M.left} x2={WIDTH - M.right} y1={y(0)} y2={y(0)} />
        {reference !== undefined && (
          <g>
            <line className="chart-reference" x1={M.left} x2={WIDTH - M.right} y1={y(reference)} y2={y(reference)} />
          </g>
        )}
        {points.map((p) => (
          <g key={p.iterations}>
            <text className="chart-tick" x={x(p.iterations)} y={HEIGHT - M.bottom + 16} textAnchor="middle">
              {p.iterations}
            </text>
            <text className="chart-tick chart-secondary" x={x(p.iterations)} y={HEIGHT - M.bottom + 30} textAnchor="middle">
              {Math.round(p.reranker_calls).toLocaleString()}
            </text>
          </g>
        ))}
        <text className="chart-tick" x={M.left} y={HEIGHT - 4}>
          iterations T (second row: reranker calls per query)
        </text>
        {SERIES.map((s) => (
          <g key={s.key} data-series={s.key}>
            <path className="chart-line" d={linePath(points.map((p) => ({ x: x(p.iterations), y: y(p[s.key]) })))} style={{ stroke: s.color }} />
            {points.map((p) => (
              <circle key={p.iterations} cx={x(p.iterations)} cy={y(p[s.key])} r={3.2} style={{ fill: s.color }}>
                <title>{`${s.label}@${k} ${p[s.key].toFixed(3)} at T = ${p.iterations} (${Math.round(p.reranker_calls)} reranker calls)`}</title>
              </circle>
            ))}
          </g>
        ))}
        <g className="chart-legend">
          {SERIES.map((s, i) => (
            <g key={s.key} transform={`translate(${M.left + 8 + i * 96}, 12)`}>
              <line x1={0} x2={16} y1={0} y2={0} style={{ stroke: s.color }} className="chart-line" />
              <text className="chart-tick" x={22} y={4}>
                {s.label}@{k}
              </text>
            </g>
          ))}
          {reference !== undefined && (
            // In the legend row, not at the line's end where the series lines finish.
            <g transform={`translate(${M.left + 8 + SERIES.length * 96}, 12)`} data-testid="chart-reference-label">
              <line x1={0} x2={16} y1={0} y2={0} className="chart-reference" />
              <text className="chart-tick" x={22} y={4}>
                rerank-all NDCG {reference.toFixed(3)}
              </text>
            </g>
          )}
        </g>
      </svg>
    </figure>
  );
}
