/**
 * The theme preference without React: the header's toggle, the footer's select and the islands of pages that do
 * not hydrate (app/islands) all read and write it here.
 */

/** Theme preference: stored in localStorage under this key; default light. */
const THEME_STORAGE_KEY = 'paperknife-theme';
export type ThemePreference = 'light' | 'dark' | 'system';

/**
 * Runs in <head> before the first paint (inline, so no flash of the wrong theme). Kept as a string: it must not
 * depend on the bundle. The CSP allows it by hash.
 */
export const themeBootScript = `(function(){try{var p=localStorage.getItem('${THEME_STORAGE_KEY}');var d=p==='dark'||(p==='system'&&matchMedia('(prefers-color-scheme: dark)').matches);document.documentElement.classList.toggle('dark',d)}catch(e){}})()`;

export function readPreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'dark' || stored === 'system' ? stored : 'light';
  } catch {
    return 'light';
  }
}

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function resolvesToDark(preference: ThemePreference): boolean {
  return preference === 'dark' || (preference === 'system' && darkQuery().matches);
}

const listeners = new Set<() => void>();

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const query = darkQuery();
  const onSystemChange = () => {
    if (readPreference() === 'system') applyTheme('system');
    listener();
  };
  query.addEventListener('change', onSystemChange);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    query.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', listener);
  };
}

function applyTheme(preference: ThemePreference): void {
  document.documentElement.classList.toggle('dark', resolvesToDark(preference));
}

export function setThemePreference(preference: ThemePreference): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  applyTheme(preference);
  for (const listener of listeners) listener();
}
