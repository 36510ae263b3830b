import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot as root } from './repo-files.js';

/**
 * A commit subject says what changed in at most 72 characters; reasons and measurements go in the body. Older
 * commits predate the rule, so only those after BASE are read. A hook would not travel with a clone; this test
 * does. Outside a git checkout, or in a shallow clone without BASE, it skips and says why.
 */

/** The last commit before the rule: the history up to it is left as it was written. */
const BASE = 'b96a6c2ff1f4d8684510d37f498d84b369b78615';
const MAX_SUBJECT = 72;

/** Subjects longer than the limit, counted in characters (code points), each with its length. */
function longSubjects(subjects: string[]): string[] {
  return subjects
    .map((subject) => ({ subject, length: [...subject].length }))
    .filter(({ length }) => length > MAX_SUBJECT)
    .map(({ subject, length }) => `${length}: ${subject}`);
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Why the history cannot be read here, or undefined when it can. */
function historyMissing(): string | undefined {
  try {
    git('rev-parse', '--is-inside-work-tree');
  } catch {
    return 'not a git checkout';
  }
  try {
    git('merge-base', '--is-ancestor', BASE, 'HEAD');
  } catch {
    return `commit ${BASE.slice(0, 12)} is not in this history (a shallow clone?)`;
  }
  return undefined;
}

describe('commit subjects', () => {
  it('finds subjects over the limit', () => {
    const fits = 'x'.repeat(MAX_SUBJECT);
    expect(longSubjects([fits, `${fits}y`, 'é'.repeat(MAX_SUBJECT), ''])).toEqual([`73: ${fits}y`]);
  });

  it(`keeps every subject after ${BASE.slice(0, 12)} within ${MAX_SUBJECT} characters`, (context) => {
    const missing = historyMissing();
    if (missing) context.skip(`cannot read the commits: ${missing}`);
    const subjects = git('log', '--format=%s', `${BASE}..HEAD`).split('\n').filter(Boolean);
    expect(longSubjects(subjects)).toEqual([]);
  });
});
