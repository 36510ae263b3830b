import { ChevronDown } from 'lucide-react';
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { cn } from '~/lib/cn';
import { HOVER_CLOSE_MS, HOVER_OPEN_MS } from '~/lib/menu-hover';

/**
 * One of the header's drop-down menus, as the disclosure pattern of WAI-ARIA's site navigation example: a button
 * that shows and hides a panel of links. Enter or Space toggles it, Escape closes it and returns to the button,
 * focus or a click leaving it closes it, and a mouse resting on it opens it. A few lines instead of a menu library,
 * so the header costs the home page almost nothing (docs/decisions/071). Pages without the React app get the same
 * behaviour from app/islands/header.ts (decision 073).
 */

export interface MenuEntry {
  href: string;
  title: string;
  description: string;
}

interface HeaderMenuProps {
  label: string;
  entries: readonly MenuEntry[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  panelClassName: string;
  listClassName: string;
  /** A link under the list, across the panel (the Tools menu's "All Tools"). */
  footerLink?: MenuEntry;
}

export function HeaderMenu({
  label,
  entries,
  open,
  onOpenChange,
  panelClassName,
  listClassName,
  footerLink,
}: HeaderMenuProps) {
  const panelId = useId();
  const itemRef = useRef<HTMLLIElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  // A click anywhere outside the open menu closes it.
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!itemRef.current?.contains(event.target as Node)) onOpenChange(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open, onOpenChange]);

  function hover(next: boolean, pointerType: string) {
    if (pointerType !== 'mouse') return;
    clearTimeout(hoverTimer.current);
    hoverTimer.current = setTimeout(() => onOpenChange(next), next ? HOVER_OPEN_MS : HOVER_CLOSE_MS);
  }

  function closeOnEscape(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    onOpenChange(false);
    triggerRef.current?.focus();
  }

  function closeWhenFocusLeaves(event: FocusEvent) {
    if (open && !itemRef.current?.contains(event.relatedTarget as Node | null)) onOpenChange(false);
  }

  return (
    <li
      ref={itemRef}
      data-header-menu
      onPointerEnter={(event) => hover(true, event.pointerType)}
      onPointerLeave={(event) => hover(false, event.pointerType)}
      onKeyDown={closeOnEscape}
      onBlur={closeWhenFocusLeaves}
    >
      <button
        ref={triggerRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        data-state={open ? 'open' : 'closed'}
        className="group inline-flex h-10 items-center gap-1 rounded-md px-3 text-sm font-medium hover:bg-accent hover:text-accent-foreground data-[state=open]:bg-accent"
        onClick={() => {
          clearTimeout(hoverTimer.current);
          onOpenChange(!open);
        }}
      >
        {label}
        <ChevronDown className="size-4 transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
      </button>
      {/* In the HTML even while closed: on a page without the React app the islands' script opens it. */}
      <div
        id={panelId}
        hidden={!open}
        className={cn(
          'absolute start-0 top-full mt-2 rounded-lg border bg-card p-3 text-card-foreground shadow-lg',
          panelClassName,
        )}
      >
        <ul className={listClassName}>
          {entries.map(({ href, title, description }) => (
            <li key={href}>
              <Link
                to={href}
                className="block rounded-md p-3 hover:bg-accent focus-visible:bg-accent"
                onClick={() => onOpenChange(false)}
              >
                <span className="block text-sm font-medium">{title}</span>
                <span className="mt-1 block text-sm text-muted-foreground">{description}</span>
              </Link>
            </li>
          ))}
        </ul>
        {footerLink ? (
          <p className="mt-2 border-t pt-2">
            <Link
              to={footerLink.href}
              className="flex items-center justify-between gap-3 rounded-md p-3 hover:bg-accent focus-visible:bg-accent"
              onClick={() => onOpenChange(false)}
            >
              <span className="text-sm font-medium">{footerLink.title}</span>
              <span className="text-sm text-muted-foreground">{footerLink.description}</span>
            </Link>
          </p>
        ) : null}
      </div>
    </li>
  );
}
