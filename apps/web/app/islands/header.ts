/**
 * The header's controls on a page without the React app, with the behaviour of `header-menu.tsx` and
 * `site-header.tsx` (decisions 071, 073): each menu button shows and hides its panel of links; Enter or Space
 * toggles, Escape closes and returns to the button, focus or a click leaving the menu closes it, one menu is open
 * at a time, and a resting mouse opens it after 200 ms and closes it 300 ms after leaving. The hamburger shows the
 * mobile menu.
 */

import { HOVER_CLOSE_MS, HOVER_OPEN_MS } from '~/lib/menu-hover';

interface Menu {
  item: HTMLElement;
  button: HTMLButtonElement;
  panel: HTMLElement;
}

function setMenuOpen(menu: Menu, open: boolean): void {
  menu.button.setAttribute('aria-expanded', String(open));
  menu.button.dataset['state'] = open ? 'open' : 'closed';
  menu.panel.hidden = !open;
}

function isOpen(menu: Menu): boolean {
  return menu.button.getAttribute('aria-expanded') === 'true';
}

export function startHeaderMenus(root: ParentNode = document): void {
  const menus: Menu[] = [];
  for (const item of root.querySelectorAll<HTMLElement>('[data-header-menu]')) {
    const button = item.querySelector('button');
    const panel = button && document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (button && panel) menus.push({ item, button, panel });
  }
  let hoverTimer: ReturnType<typeof setTimeout> | undefined;

  const open = (menu: Menu, next: boolean) => {
    // One menu at a time.
    if (next) for (const other of menus) if (other !== menu && isOpen(other)) setMenuOpen(other, false);
    setMenuOpen(menu, next);
  };

  for (const menu of menus) {
    const { item, button, panel } = menu;
    button.addEventListener('click', () => {
      clearTimeout(hoverTimer);
      open(menu, !isOpen(menu));
    });
    item.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !isOpen(menu)) return;
      event.stopPropagation();
      open(menu, false);
      button.focus();
    });
    item.addEventListener('focusout', (event) => {
      if (isOpen(menu) && !item.contains(event.relatedTarget as Node | null)) open(menu, false);
    });
    const hover = (next: boolean) => (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      clearTimeout(hoverTimer);
      hoverTimer = setTimeout(() => open(menu, next), next ? HOVER_OPEN_MS : HOVER_CLOSE_MS);
    };
    item.addEventListener('pointerenter', hover(true));
    item.addEventListener('pointerleave', hover(false));
    panel.addEventListener('click', (event) => {
      if ((event.target as Element).closest('a')) open(menu, false);
    });
  }

  // A click anywhere outside the open menu closes it.
  document.addEventListener('pointerdown', (event) => {
    for (const menu of menus) {
      if (isOpen(menu) && !menu.item.contains(event.target as Node)) open(menu, false);
    }
  });
}

export function startMobileMenu(root: ParentNode = document): void {
  const button = root.querySelector<HTMLButtonElement>('button[aria-controls="mobile-menu"]');
  const menu = document.getElementById('mobile-menu');
  if (!button || !menu) return;
  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    const label = open ? button.dataset['labelClose'] : button.dataset['labelOpen'];
    if (label) button.setAttribute('aria-label', label);
    menu.classList.toggle('hidden', !open);
    menu.classList.toggle('block', open);
    for (const icon of button.querySelectorAll<SVGElement>('[data-mobile-menu-icon]')) {
      icon.classList.toggle('hidden', icon.dataset['mobileMenuIcon'] !== (open ? 'open' : 'closed'));
    }
  };
  button.addEventListener('click', () => setOpen(button.getAttribute('aria-expanded') !== 'true'));
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) setOpen(false);
  });
}
