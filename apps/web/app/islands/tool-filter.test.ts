import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startToolFilter } from './tool-filter';

/** The live region's words, as ToolFilter writes them for three tools. */
const words = {
  all: 'All 3 tools shown',
  none: 'No tools match “{query}”',
  found: ['1 tool found', '2 tools found', '3 tools found'],
};

/** The prerendered markup the filter works on, as ToolFilter and ToolSections write it. */
function renderIndex(): HTMLElement {
  document.body.innerHTML = `
    <div data-island="tool-filter">
      <div data-tool-filter-controls hidden data-filter-words='${JSON.stringify(words)}'>
        <label for="q">Find a tool</label><input id="q" type="search">
        <p role="status"></p>
        <button type="button" data-tool-filter-clear hidden>Clear the filter</button>
      </div>
      <section data-tool-category="organize"><ul>
        <li data-search-text="merge pdf combine multiple pdfs into one join"><a href="/m">Merge PDF</a></li>
        <li data-search-text="split pdf separate pages"><a href="/s">Split PDF</a></li>
      </ul></section>
      <section data-tool-category="security"><ul>
        <li data-search-text="protect pdf add a password"><a href="/p">Protect PDF</a></li>
      </ul></section>
    </div>`;
  return document.querySelector<HTMLElement>('[data-island="tool-filter"]')!;
}

const input = () => document.querySelector<HTMLInputElement>('input[type="search"]')!;
const status = () => document.querySelector('[role="status"]')!.textContent;
const clearButton = () => document.querySelector<HTMLButtonElement>('[data-tool-filter-clear]')!;
const shownLinks = () =>
  [...document.querySelectorAll('li')].filter((item) => !item.hidden).map((item) => item.textContent);
const shownSections = () =>
  [...document.querySelectorAll<HTMLElement>('section')].filter((s) => !s.hidden).map((s) => s.dataset.toolCategory);

function type(value: string) {
  input().value = value;
  input().dispatchEvent(new Event('input'));
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the tool filter island', () => {
  it('shows its box, narrows the list as one types, hides empty sections and then announces the count', () => {
    const stop = startToolFilter(renderIndex());
    expect(document.querySelector<HTMLElement>('[data-tool-filter-controls]')!.hidden).toBe(false);
    expect(status()).toBe('');

    type('Jóin');
    expect(shownLinks()).toEqual(['Merge PDF']);
    expect(shownSections()).toEqual(['organize']);
    // The live region waits for a pause in the typing.
    expect(status()).toBe('');
    vi.runAllTimers();
    expect(status()).toBe('1 tool found');

    type('pdf');
    vi.runAllTimers();
    expect(shownLinks()).toEqual(['Merge PDF', 'Split PDF', 'Protect PDF']);
    expect(status()).toBe('3 tools found');
    stop();
  });

  it('offers a Clear button when nothing matches, and Escape or the button brings every tool back', () => {
    const stop = startToolFilter(renderIndex());
    type('zzz');
    vi.runAllTimers();
    expect(shownLinks()).toEqual([]);
    expect(shownSections()).toEqual([]);
    expect(status()).toBe('No tools match “zzz”');
    expect(clearButton().hidden).toBe(false);

    clearButton().click();
    vi.runAllTimers();
    expect(input().value).toBe('');
    expect(document.activeElement).toBe(input());
    expect(shownLinks()).toHaveLength(3);
    expect(clearButton().hidden).toBe(true);
    expect(status()).toBe('All 3 tools shown');

    type('split');
    const escape = new KeyboardEvent('keydown', { key: 'Escape', cancelable: true });
    input().dispatchEvent(escape);
    expect(escape.defaultPrevented).toBe(true);
    expect(input().value).toBe('');
    expect(shownLinks()).toHaveLength(3);
    stop();
  });

  it('stops listening when stopped', () => {
    startToolFilter(renderIndex())();
    type('merge');
    expect(shownLinks()).toHaveLength(3);
  });
});
