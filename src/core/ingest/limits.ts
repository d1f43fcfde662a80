/**
 * @file Default ingest limits, the size below which the compression ratio is not checked, and
 * the byte formatting used in limit messages.
 * Runs in: everywhere. Layer src/core.
 *
 * Normal source compresses 5-10x; a file of one repeated byte compresses ~1000x (deflate's
 * ceiling is ~1032x). Small entries cannot hurt whatever their ratio, so the ratio rule only
 * applies from RATIO_CHECK_MIN_BYTES up; above that a ratio over maxRatio is treated as a bomb.
 * The real guards are the declared per-file and total limits plus the check, while inflating,
 * that no entry grows beyond the size it declared.
 */
import type { IngestLimits } from './types.ts';

const MB = 1024 * 1024;

export const DEFAULT_LIMITS: IngestLimits = Object.freeze({
  maxFileBytes: 25 * MB,
  maxTotalBytes: 1024 * MB,
  maxRatio: 200,
  maxEntries: 200_000,
});

/** Entries smaller than this (uncompressed) are accepted at any compression ratio. */
export const RATIO_CHECK_MIN_BYTES = 1 * MB;

/** Fills in missing fields of a partial limits object with the defaults. */
export function resolveLimits(limits?: Partial<IngestLimits>): IngestLimits {
  return { ...DEFAULT_LIMITS, ...limits };
}

/** '25 MB', '1 GB', '512 KB', '100 bytes'. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = value >= 10 || unit === 0 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}
