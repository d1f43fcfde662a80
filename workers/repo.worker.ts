/**
 * @file Repo worker entry: exposes RepoService + SemanticService (one object, one active
 * database) with comlink; errors keep their AppError code across the boundary. No logic here.
 * Runs in: a dedicated module worker started by src/ui/clients/repoClient.ts.
 */
import { expose } from 'comlink';
import { createRepoWorkerApi } from '../src/adapters/browser/repoWorkerApi.ts';
import { installErrorTransfer } from '../src/core/errorTransfer.ts';

installErrorTransfer();
expose(createRepoWorkerApi());
