/**
 * @file The one WebGPU probe of the app: is there an adapter, and does it offer shader-f16?
 * Tiny on purpose, so the repo worker can ask without loading transformers.js or web-llm.
 * Runs in: pages and workers (browser).
 */

export interface GpuProbe {
  /** A WebGPU adapter could be requested. */
  available: boolean;
  /** The adapter has the 'shader-f16' feature (needed by *f16* models). */
  shaderF16: boolean;
}

interface GpuNavigator {
  gpu?: { requestAdapter(): Promise<{ features: { has(name: string): boolean } } | null> };
}

/** Asks for a WebGPU adapter (works in pages and workers). */
export async function probeWebGpu(): Promise<GpuProbe> {
  const gpu = (globalThis.navigator as GpuNavigator | undefined)?.gpu;
  if (!gpu) return { available: false, shaderF16: false };
  try {
    const adapter = await gpu.requestAdapter();
    return { available: adapter != null, shaderF16: adapter?.features.has('shader-f16') ?? false };
  } catch {
    return { available: false, shaderF16: false };
  }
}

export async function webgpuAvailable(): Promise<boolean> {
  return (await probeWebGpu()).available;
}
