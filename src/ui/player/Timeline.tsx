/**
 * @file The player's scrubber over iteration x phase: one slot per event along the x axis, the
 * cursor, and markers where the top-K changed (ticks), where k was halved (triangles) and where
 * the final best result first appeared (a star). Click or drag to scrub; it is a slider for
 * assistive tech and the arrow keys (the player actions) move it.
 * Runs in: the main thread.
 */
import type { PointerEvent } from 'react';
import type { ReplayMarkers } from '../../core/search/replaySeries.ts';
import { setCursor } from './playerSession.ts';

const WIDTH = 1000;
const HEIGHT = 30;

export function Timeline({ total, cursor, iterations, markers, eventIteration }: {
  total: number;
  cursor: number;
  iterations: number;
  markers: ReplayMarkers;
  /** First cursor of each iteration (index = iteration). */
  eventIteration: number[];
}) {
  const x = (c: number) => (total === 0 ? 0 : (c / total) * WIDTH);
  const atIteration = (it: number) => x(eventIteration[it] ?? 0);
  const scrub = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setCursor(((event.clientX - box.left) / Math.max(1, box.width)) * total);
  };
  return (
    <svg
      className="player-timeline"
      data-testid="player-timeline"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="slider"
      aria-label="Position in the run (iteration and phase)"
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={cursor}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        scrub(e);
      }}
      onPointerMove={(e) => {
        if (e.buttons === 1) scrub(e);
      }}
    >
      <rect className="timeline-track" x={0} y={12} width={WIDTH} height={6} rx={3} />
      <rect className="timeline-done" x={0} y={12} width={x(cursor)} height={6} rx={3} />
      {markers.topChanged.map((it) => (
        <line key={`t${it}`} className="timeline-top" x1={atIteration(it)} x2={atIteration(it)} y1={4} y2={11}>
          <title>{`top-10 changed at iteration ${it}`}</title>
        </line>
      ))}
      {markers.kHalved.map((it) => (
        <path key={`k${it}`} className="timeline-k" d={`M${atIteration(it) - 4},${HEIGHT - 1} L${atIteration(it) + 4},${HEIGHT - 1} L${atIteration(it)},${HEIGHT - 8} Z`}>
          <title>{`k halved at iteration ${it}`}</title>
        </path>
      ))}
      {markers.bestFound !== null && (
        <text className="timeline-best" x={atIteration(markers.bestFound)} y={10} textAnchor="middle">
          ★<title>{`the final best result first appeared at iteration ${markers.bestFound}`}</title>
        </text>
      )}
      <line className="timeline-cursor" x1={x(cursor)} x2={x(cursor)} y1={0} y2={HEIGHT} />
      <title>{`${iterations} iterations, ${total} events`}</title>
    </svg>
  );
}
