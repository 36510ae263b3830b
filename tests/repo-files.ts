import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder, with a trailing separator. */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Folders no walk enters: dependencies, build output, and what the site's build and Playwright generate. */
const generatedFolders = ['node_modules', 'dist', 'build', '.react-router', 'test-results', 'playwright-report'];

export interface WalkOptions {
  /** Folder names left out besides the generated ones. */
  skip?: readonly string[];
  /** Only the folder's own files, none of its subfolders'. */
  topLevelOnly?: boolean;
}

/** The files under `folder` (repo-relative) whose name `wanted` accepts, as repo-relative `/` paths. */
export function repoFiles(folder: string, wanted: (name: string) => boolean, options: WalkOptions = {}): string[] {
  const skipped = new Set([...generatedFolders, ...(options.skip ?? [])]);
  const walk = (folder: string): string[] =>
    readdirSync(join(repoRoot, folder), { withFileTypes: true }).flatMap((entry) => {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) return options.topLevelOnly || skipped.has(entry.name) ? [] : walk(path);
      return wanted(entry.name) ? [path] : [];
    });
  return walk(folder);
}
