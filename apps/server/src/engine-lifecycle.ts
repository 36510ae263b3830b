import { access, constants } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import {
  closeLibreOffice,
  closeMupdfPool,
  isLibreOfficeReady,
  warmLibreOffice,
  warmProcessSpawner,
} from '@paperknife/engine';

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
  libreOffice: 'warm' | 'cold';
}

export async function readiness(): Promise<Readiness> {
  const found = await Promise.all(requiredPrograms.map(async (program) => [program, await onPath(program)] as const));
  const programs = Object.fromEntries(found);
  const libreOffice = isLibreOfficeReady() ? 'warm' : 'cold';
  return { ready: found.every(([, ok]) => ok) && libreOffice === 'warm', programs, libreOffice };
}

/** Starts LibreOffice ahead of the first Word conversion, and the process that starts the engines' programs. */
export function warmEngines(): Promise<void> {
  warmProcessSpawner();
  return warmLibreOffice();
}

/** Stops the engines' long-lived workers and processes (MuPDF pool, LibreOffice). */
export async function closeEngines(): Promise<void> {
  await Promise.allSettled([closeMupdfPool(), closeLibreOffice()]);
}
