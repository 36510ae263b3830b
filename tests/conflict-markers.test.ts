import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { repoFiles, repoRoot } from './repo-files.js';

/** Text the repository writes by hand: code, docs, styles, configuration. */
const textFile = /\.(?:[cm]?[jt]sx?|md|css|html|json|ya?ml|sh|mjs)$/;
/** A line git leaves where a merge or cherry-pick stopped on a conflict. */
const conflictLine = /^(?:<{7}|>{7})(?: |$)|^={7}$/m;

it('no file keeps the markers of an unresolved merge conflict', () => {
  const marked = repoFiles('.', (name) => textFile.test(name), { skip: ['.git', '.setup-state'] }).filter((path) =>
    conflictLine.test(readFileSync(join(repoRoot, path), 'utf8')),
  );
  expect(marked).toEqual([]);
});
