import { useCallback, useSyncExternalStore } from 'react';

/**
 * Where a page tool runs: in this browser (qpdf compiled to WebAssembly, nothing uploaded) or on our server. The
 * visitor chooses; the choice is kept in localStorage for every tool that has both ways (decision 205).
 */
export type RunWhere = 'device' | 'server';

const STORAGE_KEY = 'paperknife-run-where';
const listeners = new Set<() => void>();

export function rememberedRunWhere(): RunWhere {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'device' ? 'device' : 'server';
  } catch {
    return 'server';
  }
}

export function rememberRunWhere(where: RunWhere): void {
  try {
    localStorage.setItem(STORAGE_KEY, where);
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
export function useRunWhere(): [RunWhere, (where: RunWhere) => void] {
  const where = useSyncExternalStore(subscribe, rememberedRunWhere, () => 'server' as const);
  return [where, useCallback((next: RunWhere) => rememberRunWhere(next), [])];
}
