/**
 * @file The user's model choice (preset or custom specs, hub host), kept in the OPFS root as
 * `ranger-models.json` so it survives reloads and applies to every repo. A missing or
 * unreadable file means the offline preset, the default everywhere.
 * Runs in: the repo worker (browser).
 */
import type { EmbedderSpec, LlmSpec, PresetId, RerankerSpec } from '../../core/models/modelSpec.ts';
import { DEFAULT_PRESET_ID, presetById } from '../../core/models/modelSpec.ts';
import { opfsRoot, readOpfsText, writeOpfsText } from './opfsCatalog.ts';

export const MODEL_SETTINGS_FILE = 'ranger-models.json';
export const DEFAULT_HUB_HOST = 'https://huggingface.co/';

export interface ModelSelection {
  presetId: PresetId | 'custom';
  embedder: EmbedderSpec;
  reranker: RerankerSpec;
  llm: LlmSpec;
  hubHost: string;
}

export function selectionOfPreset(id: PresetId, hubHost = DEFAULT_HUB_HOST): ModelSelection {
  const preset = presetById(id) ?? presetById(DEFAULT_PRESET_ID)!;
  return { presetId: preset.id, embedder: preset.embedder, reranker: preset.reranker, llm: preset.llm, hubHost };
}

function isSelection(value: unknown): value is ModelSelection {
  const v = value as Partial<ModelSelection> | null;
  return (
    !!v &&
    typeof v.presetId === 'string' &&
    typeof v.hubHost === 'string' &&
    v.embedder?.role === 'embedder' &&
    v.reranker?.role === 'reranker' &&
    v.llm?.role === 'llm'
  );
}

export async function readModelSelection(): Promise<ModelSelection> {
  const root = await opfsRoot();
  const text = root ? await readOpfsText(root, MODEL_SETTINGS_FILE) : null;
  if (text === null) return selectionOfPreset(DEFAULT_PRESET_ID);
  try {
    const parsed: unknown = JSON.parse(text);
    // Folder models live in memory only: after a reload they are gone, so fall back to the default.
    if (!isSelection(parsed) || parsed.embedder.source.kind === 'folder' || parsed.reranker.source.kind === 'folder') {
      return selectionOfPreset(DEFAULT_PRESET_ID);
    }
    // A preset is re-read from the code, so a changed preset (the offline one's shipped neural
    // embedder) applies to users who picked it before.
    if (parsed.presetId !== 'custom' && presetById(parsed.presetId)) return selectionOfPreset(parsed.presetId, parsed.hubHost);
    // Contextless JSON turns Infinity into null: restore the built-in describer's unlimited context.
    if (parsed.llm.source.kind === 'builtin') parsed.llm = selectionOfPreset(DEFAULT_PRESET_ID).llm;
    return parsed;
  } catch {
    return selectionOfPreset(DEFAULT_PRESET_ID);
  }
}

export async function writeModelSelection(selection: ModelSelection): Promise<void> {
  const root = await opfsRoot();
  if (root) await writeOpfsText(root, MODEL_SETTINGS_FILE, JSON.stringify(selection, null, 2));
}
