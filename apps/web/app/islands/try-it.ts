/**
 * The "Try it now" box on a page without the React app (decision 073). Until files come, its prerendered drop zone
 * works on its own: pressing it (or Enter or Space on it) opens the file picker, and dragging files over it
 * highlights it. The first files dropped or picked render the React box in their place (try-it-box.tsx, loaded
 * then, or earlier when a pointer, focus or drag reaches the box), which checks them, offers the tools and hands
 * them to the chosen tool's page; from then on it handles the drop zone itself.
 */

/** The drop zone's look while files are dragged over it, as drop-zone.tsx draws it. */
const IDLE_CLASSES = ['border-input', 'hover:border-primary/60', 'hover:bg-accent/50'];
const DRAGGING_CLASSES = ['border-primary', 'bg-primary/10'];

const loadBox = () => import('./try-it-box');

export function startTryIt(container: HTMLElement): void {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  const zone = container.querySelector<HTMLElement>('[role="button"]');
  if (!input || !zone) return;
  const title = zone.querySelector<HTMLElement>('[data-dragging-text]');
  let loading: ReturnType<typeof loadBox> | undefined;
  let rendered = false;
  const load = () => (loading ??= loadBox());

  const render = (files: File[]) => {
    if (rendered || files.length === 0) return;
    rendered = true;
    void load().then(async ({ renderTryItBox }) => {
      // The prerendered zone goes; a keyboard user who picked the files from it stays on the new one.
      const hadFocus = container.contains(document.activeElement);
      await renderTryItBox(container, files);
      if (hadFocus) container.querySelector<HTMLElement>('[role="button"]')?.focus();
    });
  };

  const showDragging = (dragging: boolean) => {
    if (rendered) return;
    for (const name of IDLE_CLASSES) zone.classList.toggle(name, !dragging);
    for (const name of DRAGGING_CLASSES) zone.classList.toggle(name, dragging);
    if (dragging) zone.dataset['dragging'] = 'true';
    else delete zone.dataset['dragging'];
    if (title) title.textContent = (dragging ? title.dataset['draggingText'] : title.dataset['idleText']) ?? '';
  };

  // Loading starts as the visitor reaches for the box, so the files rarely wait for it.
  for (const type of ['pointerenter', 'focusin', 'dragenter'] as const) {
    container.addEventListener(type, () => void load(), { once: true });
  }
  zone.addEventListener('click', () => {
    if (!rendered) input.click();
  });
  zone.addEventListener('keydown', (event) => {
    if (rendered || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    input.click();
  });
  input.addEventListener('change', () => render([...(input.files ?? [])]));
  zone.addEventListener('dragover', (event) => {
    if (rendered) return;
    event.preventDefault();
    showDragging(true);
  });
  zone.addEventListener('dragleave', (event) => {
    if (!zone.contains(event.relatedTarget as Node | null)) showDragging(false);
  });
  zone.addEventListener('drop', (event) => {
    if (rendered) return;
    event.preventDefault();
    showDragging(false);
    render([...(event.dataTransfer?.files ?? [])]);
  });
}
