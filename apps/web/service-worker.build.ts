import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Writes `/sw.js`, the service worker that keeps the device tools' pages for offline use (decision 205), with
 * this build's id: a hash of the hashed asset names, so any change to the site's code gives a new worker, whose
 * new cache replaces the old one.
 */
export async function writeServiceWorker(client: string): Promise<void> {
  const assets = (await readdir(join(client, 'assets'))).sort();
  const buildId = createHash('sha256').update(assets.join('\n')).digest('hex').slice(0, 16);
  const source = await readFile(new URL('./service-worker.js', import.meta.url), 'utf8');
  await writeFile(join(client, 'sw.js'), source.replace('__BUILD_ID__', buildId));
}
