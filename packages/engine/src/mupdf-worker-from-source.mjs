// Worker threads on Node 20 ignore `--import tsx` in execArgv, so when the engine runs from its TypeScript
// sources (tests, dev) the pool starts this file, which registers the tsx loader in the thread and then loads
// the real worker entry. The build runs mupdf-worker.js directly.
import { register } from 'tsx/esm/api';

register();
const worker = await import('./mupdf-worker.ts');

export default worker.default;
