/** Types of nodeBundle.mjs (plain JavaScript so the CLI launcher can load it before TypeScript). */

/** The repository root: the nearest folder above `from` whose package.json is ranger-studio's. */
export function repoRoot(from?: string): string;

/** Bundles `entry` (a path from the repository root) for Node; resolves to the output's file URL. */
export function bundleForNode(name: string, entry: string, options?: { splitting?: boolean }): Promise<URL>;
