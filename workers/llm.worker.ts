/**
 * @file LLM worker: web-llm's own WebWorkerMLCEngineHandler (it creates the MLCEngine and
 * answers the WebWorkerMLCEngine client of src/adapters/browser/webLlm.ts).
 * Runs in: a dedicated module worker.
 */
import { WebWorkerMLCEngineHandler } from '@mlc-ai/web-llm';

const handler = new WebWorkerMLCEngineHandler();
self.onmessage = (event: MessageEvent) => handler.onmessage(event);
