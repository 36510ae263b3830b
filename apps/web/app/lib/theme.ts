import { useCallback, useSyncExternalStore } from 'react';
import { readPreference, setThemePreference, subscribe } from './theme-store';

export { type ThemePreference, themeBootScript } from './theme-store';

/** The stored preference and whether the page is dark now; `toggle` switches between light and dark only. */
export function useTheme() {
  const preference = useSyncExternalStore(subscribe, readPreference, () => 'light' as const);
  const isDark = useSyncExternalStore(
    subscribe,
    () => document.documentElement.classList.contains('dark'),
    () => false,
  );
  const toggle = useCallback(() => setThemePreference(isDark ? 'light' : 'dark'), [isDark]);
  return { preference, isDark, toggle, setPreference: setThemePreference };
}
