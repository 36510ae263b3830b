import { type ThemePreference, readPreference, setThemePreference, subscribe } from '~/lib/theme-store';

/**
 * The theme controls on a page without the React app (decision 073): the header's toggle (light or dark, its name
 * saying what it does next) and the footer's select (light, dark or system), kept in step with each other, with
 * another tab and, for "system", with the system's scheme.
 */
export function startThemeControls(root: ParentNode = document): void {
  const toggles = [...root.querySelectorAll<HTMLButtonElement>('[data-theme-toggle]')];
  const selects = [...root.querySelectorAll<HTMLSelectElement>('select[data-theme-select]')];
  const show = () => {
    const isDark = document.documentElement.classList.contains('dark');
    // The words are the page's: theme-toggle.tsx writes both into the button.
    for (const toggle of toggles) {
      const label = (isDark ? toggle.dataset['labelToLight'] : toggle.dataset['labelToDark']) ?? '';
      toggle.setAttribute('aria-label', label);
      toggle.title = label;
    }
    const preference = readPreference();
    for (const select of selects) select.value = preference;
  };
  for (const toggle of toggles) {
    toggle.addEventListener('click', () =>
      setThemePreference(document.documentElement.classList.contains('dark') ? 'light' : 'dark'),
    );
  }
  for (const select of selects) {
    select.addEventListener('change', () => setThemePreference(select.value as ThemePreference));
  }
  subscribe(show);
  show();
}
