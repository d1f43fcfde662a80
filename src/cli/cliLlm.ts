/**
 * @file The CLI's `--llm` value: 'none' (default; the built-in paths), or
 * `fake:<script.json>`, the scripted fake engine at web-llm's interface (src/core/agent/loop/
 * scriptedFakeEngine.ts), for tests and demos. Real web-llm models need a browser with WebGPU,
 * so any other id is refused with a message saying to use the app.
 * Runs in: Node (cli).
 */
import { readFileSync } from 'node:fs';
import { llmOverEngine } from '../core/agent/loop/chatEngine.ts';
import type { EngineLlm } from '../core/agent/loop/chatEngine.ts';
import { parseFakeScript, ScriptedFakeEngine } from '../core/agent/loop/scriptedFakeEngine.ts';
import { AppError } from '../core/errors.ts';

const NONE = new Set(['none', 'builtin', 'structural']);

export async function cliLlm(value: string | undefined): Promise<EngineLlm | null> {
  const arg = value?.trim();
  if (!arg || NONE.has(arg)) return null;
  if (arg.startsWith('fake:')) {
    const path = arg.slice('fake:'.length);
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new AppError('INPUT_INVALID', `--llm fake:${path}: cannot read the script (${error instanceof Error ? error.message : String(error)}).`);
    }
    const engine = new ScriptedFakeEngine(parseFakeScript(json, `--llm fake:${path}`));
    return llmOverEngine(engine, { id: `fake:${engine.model}`, label: 'scripted fake engine (not a model)', builtin: false });
  }
  throw new AppError(
    'CONFIG_INVALID',
    `--llm ${arg}: web-llm models need a browser with WebGPU (use the app's agent panel). In Node --llm takes none or fake:<script.json>.`,
  );
}
