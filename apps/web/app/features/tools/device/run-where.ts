import { useCallback, useSyncExternalStore } from 'react';
import type { DeviceEngine } from './device-protocol';

/**
 * Where a page tool runs: in this browser (qpdf compiled to WebAssembly, nothing uploaded) or on our server. The
 * visitor chooses; the choice is kept in localStorage for every tool that has both ways (decision 205).
 */
export type RunWhere = 'device' | 'server';

const STORAGE_KEY = 'paperknife-run-where';
const listeners = new Set<() => void>();

/**
 * One choice per engine (decision 211): choosing the device for qpdf's 400 KB is no consent to mupdf.js's 3.5 MB,
 * so the MuPDF tools start on the server until the device is chosen on one of them.
 */
const storageKey = (engine: DeviceEngine) => (engine === 'qpdf' ? STORAGE_KEY : `${STORAGE_KEY}-${engine}`);

export function rememberedRunWhere(engine: DeviceEngine = 'qpdf'): RunWhere {
  try {
    return localStorage.getItem(storageKey(engine)) === 'device' ? 'device' : 'server';
  } catch {
    return 'server';
  }
}

export function rememberRunWhere(where: RunWhere, engine: DeviceEngine = 'qpdf'): void {
  try {
    localStorage.setItem(storageKey(engine), where);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The remembered choice; the prerendered page (and its hydration) shows the server way until it is read. */
export function useRunWhere(engine: DeviceEngine = 'qpdf'): [RunWhere, (where: RunWhere) => void] {
  const where = useSyncExternalStore(
    subscribe,
    () => rememberedRunWhere(engine),
    () => 'server' as const,
  );
  return [where, useCallback((next: RunWhere) => rememberRunWhere(next, engine), [engine])];
}
