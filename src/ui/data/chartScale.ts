/**
 * @file Pure helpers of the small SVG charts: linear and log scales, "nice" ticks and an SVG
 * polyline path. No DOM.
 * Runs in: the main thread.
 */

export type Scale = (value: number) => number;

export function linearScale(domain: readonly [number, number], range: readonly [number, number]): Scale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0;
  return (value) => (span === 0 ? (r0 + r1) / 2 : r0 + ((value - d0) / span) * (r1 - r0));
}

/** Log scale for positive domains (iterations 10 .. 200 spread evenly by ratio). */
export function logScale(domain: readonly [number, number], range: readonly [number, number]): Scale {
  const inner = linearScale([Math.log(domain[0]), Math.log(domain[1])], range);
  return (value) => inner(Math.log(Math.max(value, Number.MIN_VALUE)));
}

/** An x scale for iteration counts: log when they span more than a factor 4, else linear. */
export function iterationScale(values: readonly number[], range: readonly [number, number]): Scale {
  const positive = values.filter((v) => v > 0);
  if (positive.length === 0) return linearScale([0, 1], range);
  const lo = Math.min(...positive);
  const hi = Math.max(...positive);
  return hi / lo > 4 ? logScale([lo, hi], range) : linearScale([lo, hi], range);
}

/** Round tick values covering [min, max] with about `count` steps of 1, 2 or 5 x 10^n. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!(max > min) || count < 1) return [min];
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) ticks.push(Number(v.toFixed(10)));
  return ticks;
}

/** `M x y L x y ...` through the points, with coordinates rounded to 0.1 px. */
export function linePath(points: readonly { x: number; y: number }[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${Math.round(p.x * 10) / 10} ${Math.round(p.y * 10) / 10}`).join(' ');
}
