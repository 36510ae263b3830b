import { type Plugin, runnerImport } from 'vite';

/** How a module says its exports are data the browser build may take as literals (decision 074). */
export const PREBUILT_SUFFIX = '.prebuilt.ts';

/**
 * Modules named `*.prebuilt.ts` hold plain values derived from heavier modules (the catalogue, which builds every
 * tool's zod schema as it loads). The browser build gets their exports as literals, computed here once at build
 * time, so a page that only shows and links tools never runs the heavy module. Tests and the prerender import the
 * module itself, with the same values. Their exports must therefore be JSON data: a test per module checks it.
 */
export function prebuiltData(conditions: readonly string[]): Plugin {
  return {
    name: 'paperknife-prebuilt-data',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    async load(id) {
      if (!id.endsWith(PREBUILT_SUFFIX)) return undefined;
      const { module, dependencies } = await runnerImport<Record<string, unknown>>(id, {
        configFile: false,
        logLevel: 'error',
        resolve: { conditions: [...conditions] },
        ssr: { resolve: { conditions: [...conditions] } },
      });
      for (const dependency of dependencies) this.addWatchFile(dependency);
      return Object.entries(module)
        .map(
          ([name, value]) =>
            `export const ${name} = /* @__PURE__ */ JSON.parse(${JSON.stringify(JSON.stringify(value))});`,
        )
        .join('\n');
    },
  };
}
