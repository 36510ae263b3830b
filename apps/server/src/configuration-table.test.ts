import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TABLE_START, configurationTable, siteBuildVariables, withConfigurationTable } from './configuration-table.js';
import { readVariableNames, repoRoot } from './env.js';

const readRepoFile = (path: string) => readFileSync(join(repoRoot, path), 'utf8');

describe("README's configuration table", () => {
  it('is the one env.ts writes (npm run readme:configuration --workspace apps/server)', () => {
    const readme = readRepoFile('README.md');
    expect(readme).toContain(TABLE_START);
    expect(withConfigurationTable(readme)).toBe(readme);
  });

  it('lists every variable the server reads, the limits, the job queue and the metrics listener', () => {
    const table = configurationTable();
    for (const name of readVariableNames) expect(table).toContain(`| \`${name}\` |`);
    for (const name of [
      'PAPERKNIFE_RATE_LIMIT',
      'PAPERKNIFE_CONTACT_RATE_LIMIT',
      'PAPERKNIFE_CONCURRENCY',
      'PAPERKNIFE_QUEUE_SIZE',
      'PAPERKNIFE_METRICS_PORT',
      'PAPERKNIFE_METRICS_HOST',
    ]) {
      expect(table).toContain(`| \`${name}\` |`);
    }
  });

  it('lists exactly the variables the website reads at build time, with their defaults', () => {
    const source = readRepoFile('apps/web/site-config.build.ts');
    const read = [...source.matchAll(/env\[['"](\w+)['"]\]/g)].map((match) => match[1]);
    expect(read.sort()).toEqual(siteBuildVariables.map((variable) => variable.name).sort());
    for (const variable of siteBuildVariables) expect(source).toContain(`'${variable.default}'`);
  });
});
