/**
 * @file Repo worker entry: exposes the browser RepoService with comlink (errors keep their
 * AppError code across the boundary). No logic lives here.
 * Runs in: a dedicated module worker started by src/ui/clients/repoClient.ts.
 */
import { expose } from 'comlink';
import { createBrowserRepoService } from '../src/adapters/browser/browserRepoService.ts';
import { installErrorTransfer } from '../src/adapters/browser/errorTransfer.ts';

installErrorTransfer();
expose(createBrowserRepoService());
