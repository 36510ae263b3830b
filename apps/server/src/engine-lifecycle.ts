import { access, constants } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import {
  closeLibreOffice,
  closeMupdfPool,
  isLibreOfficeReady,
  setLibreOfficeIdleStop,
  warmProcessSpawner,
} from '@paperknife/engine';
import type { ServerConfig } from './env.js';

/** The command-line engines the tools run. */
export const requiredPrograms = ['qpdf', 'gs', 'soffice'] as const;

async function onPath(program: string): Promise<boolean> {
  for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      await access(join(dir, program), constants.X_OK);
      return true;
    } catch {
      // not in this folder
    }
  }
  return false;
}

export interface Readiness {
  ready: boolean;
  programs: Record<string, boolean>;
  /** Running, or not: it starts on the first Word conversion and stops after a quiet spell (decision 025). */
  libreOffice: 'warm' | 'cold';
}

/** Ready when every program is installed; a cold LibreOffice is not a fault, the next conversion starts it. */
export async function readiness(): Promise<Readiness> {
  const found = await Promise.all(requiredPrograms.map(async (program) => [program, await onPath(program)] as const));
  const programs = Object.fromEntries(found);
  const libreOffice = isLibreOfficeReady() ? 'warm' : 'cold';
  return { ready: found.every(([, ok]) => ok), programs, libreOffice };
}

/**
 * Starts the process that starts the engines' programs while the server is small (decision 063), and sets how long
 * LibreOffice stays up without work. LibreOffice itself starts on the first Word conversion: kept warm from start-up
 * it held ~110 MB, ~290 MB after some conversions, whether or not anyone converted Word files.
 */
export function warmEngines(config: Pick<ServerConfig, 'libreOfficeIdleMs'>): void {
  setLibreOfficeIdleStop(config.libreOfficeIdleMs);
  warmProcessSpawner();
}

/** Stops the engines' long-lived workers and processes (MuPDF pool, LibreOffice). */
export async function closeEngines(): Promise<void> {
  await Promise.allSettled([closeMupdfPool(), closeLibreOffice()]);
}
