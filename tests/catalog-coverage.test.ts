import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { toolIds, tools } from '@paperknife/catalog/tools';

// Every catalogue tool must exist in the engine registry, the API and the website. A part is checked once
// its package has its registry; before that the test says which part it skipped.
const repoFile = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

describe('catalogue coverage', () => {
  it('every tool is in the engine registry', async () => {
    const { engineTools } = await import('@paperknife/engine/registry');
    expect(Object.keys(engineTools).sort()).toEqual([...toolIds].sort());
  });

  it.skipIf(!existsSync(repoFile('apps/server/src/app.ts')))('every tool has an API route', async () => {
    const { buildApp } = (await import(repoFile('apps/server/src/app.ts'))) as {
      buildApp: (options?: Record<string, unknown>) => Promise<{
        inject: (request: { method: string; url: string }) => Promise<{ json: () => unknown }>;
        close: () => Promise<void>;
      }>;
    };
    const app = await buildApp();
    try {
      const spec = (await app.inject({ method: 'GET', url: '/functions/v1/openapi.json' })).json() as {
        paths: Record<string, unknown>;
      };
      for (const id of toolIds) expect(spec.paths, id).toHaveProperty([`/functions/v1/${tools[id].functionName}`]);
    } finally {
      await app.close();
    }
  });

  it.skipIf(!existsSync(repoFile('apps/web/app/lib/route-paths.ts')))('every tool has its web pages', async () => {
    const module = (await import(repoFile('apps/web/app/lib/route-paths.ts'))) as Record<string, unknown>;
    const paths = Object.values(module)
      .map((value) => (typeof value === 'function' ? (value as () => unknown)() : value))
      .find((value): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string'));
    expect(paths, 'route-paths.ts exports the list of prerendered paths').toBeDefined();
    for (const id of toolIds) {
      expect(paths, id).toContain(`/${id}`);
      expect(paths, id).toContain(`/tools/${id}`);
    }
  });
});
