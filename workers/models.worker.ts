/**
 * @file Models worker entry: exposes the transformers.js models API (embedders, rerankers,
 * folders, browser cache) with comlink; errors keep their AppError code. No logic here.
 * Runs in: a module worker started by src/adapters/browser/modelsWorkerClient.ts (nested in the repo worker).
 */
import { expose } from 'comlink';
import { createModelsWorkerApi } from '../src/adapters/browser/transformersBrowser.ts';
import { installErrorTransfer } from '../src/core/errorTransfer.ts';

installErrorTransfer();
expose(createModelsWorkerApi());
