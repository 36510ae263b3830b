import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { toolIds, toolPaths, tools } from '@paperknife/catalog/tools';

// Every catalogue tool must exist in the engine registry, the API and the website.
const repoFile = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

describe('catalogue coverage', () => {
  it('every tool is in the engine registry', async () => {
    const { engineTools } = await import('@paperknife/engine');
    expect(Object.keys(engineTools).sort()).toEqual([...toolIds].sort());
  });

  // Imports and starts the whole server (its engines too): 1-2 s alone, past 5 s on a loaded machine.
  it('every tool has an API route', async () => {
    const { makeTestApp } = await import('../apps/server/src/testing/test-app.js');
    const testApp = await makeTestApp();
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/functions/v1/openapi.json' });
      const spec = response.json<{ paths: Record<string, unknown> }>();
      for (const id of toolIds) expect(spec.paths, id).toHaveProperty([`/functions/v1/${tools[id].functionName}`]);
    } finally {
      await testApp.close();
    }
  }, 30_000);

  it('every tool has its web pages, at both paths, and its route module', async () => {
    const { prerenderPaths } = await import('../apps/web/app/site-routes.js');
    const paths = prerenderPaths();
    for (const id of toolIds) {
      expect(paths, id).toContain(toolPaths(id).canonical);
      expect(paths, id).toContain(toolPaths(id).alias);
    }
    expect(existsSync(repoFile('apps/web/app/routes/tool-page.tsx'))).toBe(true);
  });
});
