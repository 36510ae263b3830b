import { type FilterWords, filterSummary, matchesSearch } from '~/components/tool-index/tool-search';

/**
 * The tool index's filter box (`components/tool-index/tool-filter.tsx`). The prerendered page lists every tool
 * and keeps the box hidden; this shows the box, and as the visitor types hides the tools that do not match and
 * the category sections left empty, then says in the live region how many tools are left. Escape, or the Clear
 * button when nothing matches, empties the box. It works on the DOM alone, so the same code serves a page without
 * the React app (decision 073) and the page React renders in the running app (the component starts it).
 */

/** The list follows each key at once; the live region waits for a pause, so a screen reader reads one count. */
const ANNOUNCE_AFTER_MS = 500;

/** Starts the filter in `container`; returns a function that stops it. */
export function startToolFilter(container: HTMLElement): () => void {
  const controls = container.querySelector<HTMLElement>('[data-tool-filter-controls]');
  const input = container.querySelector<HTMLInputElement>('input[type="search"]');
  const status = container.querySelector<HTMLElement>('[role="status"]');
  const clear = container.querySelector<HTMLButtonElement>('button[data-tool-filter-clear]');
  if (!controls || !input || !status || !clear) return () => undefined;
  const words = JSON.parse(controls.dataset['filterWords'] ?? 'null') as FilterWords | null;
  if (!words) return () => undefined;
  const tools = [...container.querySelectorAll<HTMLElement>('[data-search-text]')];
  const sections = [...container.querySelectorAll<HTMLElement>('[data-tool-category]')];
  let announceTimer: ReturnType<typeof setTimeout> | undefined;

  const filter = () => {
    const query = input.value;
    let matches = 0;
    for (const tool of tools) {
      tool.hidden = !matchesSearch(tool.dataset['searchText'] ?? '', query);
      if (!tool.hidden) matches += 1;
    }
    for (const section of sections) {
      section.hidden = !section.querySelector('[data-search-text]:not([hidden])');
    }
    clear.hidden = matches > 0;
    clearTimeout(announceTimer);
    announceTimer = setTimeout(() => {
      status.textContent = filterSummary(matches, query, words);
    }, ANNOUNCE_AFTER_MS);
  };

  const empty = () => {
    input.value = '';
    filter();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || input.value === '') return;
    event.preventDefault();
    empty();
  };
  const onClear = () => {
    empty();
    input.focus();
  };

  input.addEventListener('input', filter);
  input.addEventListener('keydown', onKeyDown);
  clear.addEventListener('click', onClear);
  controls.hidden = false;
  // The browser may restore a value typed before a visit to a tool and a step back.
  if (input.value) filter();

  return () => {
    clearTimeout(announceTimer);
    input.removeEventListener('input', filter);
    input.removeEventListener('keydown', onKeyDown);
    clear.removeEventListener('click', onClear);
  };
}
