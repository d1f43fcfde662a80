/**
 * @file Charts beside the player (docs/architecture.md, "The player"), drawn with the app's own SVG chart helpers
 * (data/chartScale.ts, as the eval panel's quality chart): best final score and top-10 churn
 * against iteration, reranker pairs against iteration, NDCG@10 against iteration when the eval
 * set knows the question's answer; the cursor's iteration is marked and a click jumps there.
 * Runs in: the main thread.
 */
import type { MouseEvent } from 'react';
import type { IterationPoint } from '../../core/search/replaySeries.ts';
import { linePath, linearScale, niceTicks } from '../data/chartScale.ts';
import { goTo } from './playerSession.ts';

const W = 300;
const H = 120;
const M = { left: 36, right: 8, top: 14, bottom: 18 };

interface Series {
  key: keyof IterationPoint;
  label: string;
  color: string;
  /** Drawn as bars (churn) instead of a line. */
  bars?: boolean;
}

function Chart({ points, series, title, iteration, testId }: { points: IterationPoint[]; series: Series[]; title: string; iteration: number; testId: string }) {
  const last = points.at(-1)?.iteration ?? 1;
  const x = linearScale([1, Math.max(2, last)], [M.left, W - M.right]);
  const max = Math.max(1e-9, ...points.flatMap((p) => series.map((s) => Number(p[s.key]))));
  const y = linearScale([0, max], [H - M.bottom, M.top]);
  const ticks = niceTicks(0, max, 3);
  const jump = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const px = ((event.clientX - box.left) / box.width) * W;
    const it = Math.round(1 + ((px - M.left) / (W - M.left - M.right)) * (Math.max(2, last) - 1));
    goTo(Math.max(1, Math.min(last, it)));
  };
  return (
    <figure className="player-chart" data-testid={testId} data-points={points.length}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title} onClick={jump}>
        {ticks.map((t) => (
          <g key={t}>
            <line className="chart-grid" x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} />
            <text className="chart-tick" x={M.left - 4} y={y(t) + 4} textAnchor="end">
              {t >= 1000 ? `${Math.round(t / 1000)}k` : t}
            </text>
          </g>
        ))}
        {series.map((s) =>
          s.bars ? (
            <g key={s.key} style={{ fill: s.color }} opacity={0.55}>
              {points.filter((p) => Number(p[s.key]) > 0).map((p) => (
                <rect key={p.iteration} x={x(p.iteration) - 0.8} width={1.6} y={y(Number(p[s.key]))} height={H - M.bottom - y(Number(p[s.key]))} />
              ))}
            </g>
          ) : (
            <path key={s.key} className="chart-line" d={linePath(points.map((p) => ({ x: x(p.iteration), y: y(Number(p[s.key])) })))} style={{ stroke: s.color }} />
          ),
        )}
        {iteration > 0 && <line className="chart-cursor" x1={x(iteration)} x2={x(iteration)} y1={M.top - 6} y2={H - M.bottom} />}
        <text className="chart-tick" x={M.left} y={10}>
          {series.map((s) => s.label).join(' · ')}
        </text>
        <text className="chart-tick" x={W - M.right} y={H - 4} textAnchor="end">
          iteration
        </text>
      </svg>
    </figure>
  );
}

export function PlayerCharts({ points, iteration }: { points: IterationPoint[]; iteration: number }) {
  return (
    <div className="player-charts">
      <Chart
        testId="player-chart-score"
        title="Best final score and top-10 churn against iteration"
        points={points}
        iteration={iteration}
        series={[
          { key: 'bestScore', label: 'best score', color: 'var(--chart-1)' },
          { key: 'churn', label: 'top-10 churn', color: 'var(--chart-2)', bars: true },
        ]}
      />
      <Chart testId="player-chart-calls" title="Reranker pairs against iteration" points={points} iteration={iteration} series={[{ key: 'rerankerCalls', label: 'reranker pairs', color: 'var(--chart-3)' }]} />
      {points[0]?.ndcg !== undefined && (
        <Chart testId="player-chart-ndcg" title="NDCG@10 against iteration (the eval set knows this question's answer)" points={points} iteration={iteration} series={[{ key: 'ndcg', label: 'NDCG@10 (known answer)', color: 'var(--chart-1)' }]} />
      )}
    </div>
  );
}
