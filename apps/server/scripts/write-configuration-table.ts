import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withConfigurationTable } from '../src/configuration-table.js';
import { repoRoot } from '../src/env.js';

// Rewrites the configuration table in README.md from env.ts.
const readmePath = join(repoRoot, 'README.md');
const readme = readFileSync(readmePath, 'utf8');
const updated = withConfigurationTable(readme);
if (updated === readme) {
  console.log('README.md: configuration table already up to date');
} else {
  writeFileSync(readmePath, updated);
  console.log('README.md: configuration table rewritten');
}
