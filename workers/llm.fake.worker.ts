/**
 * @file FAKE LLM worker for tests: web-llm's real WebWorkerMLCEngineHandler with the scripted
 * FakeMlcEngine (workers/fakeMlcEngine.ts) in place of MLCEngine, so the real client and
 * handler talk over a real worker while no model runs. Never used by the app.
 * Runs in: a dedicated module worker (chromium e2e).
 */
import { WebWorkerMLCEngineHandler } from '@mlc-ai/web-llm';
import { FakeMlcEngine, installFakeEngine } from './fakeMlcEngine.ts';

const handler = new WebWorkerMLCEngineHandler();
installFakeEngine(handler, new FakeMlcEngine());
self.onmessage = (event: MessageEvent) => handler.onmessage(event);
