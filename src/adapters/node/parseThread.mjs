// Worker-thread bootstrap: registers tsx so the TypeScript thread body can be imported
// under any host (tsx CLI, vitest, plain node).
import { register } from 'tsx/esm/api';

register();
await import('./parseThread.ts');
