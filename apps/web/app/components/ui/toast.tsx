import { Suspense, lazy, useSyncExternalStore } from 'react';
import type * as SonnerModule from 'sonner';
import { useI18n } from '~/i18n/i18n-context';

/**
 * The site's toasts. Callers use `toast.success` / `toast.error` with sonner's arguments; sonner itself and its
 * Toaster load on the first toast, so a page that never shows one never downloads them. Sonner replays the toasts
 * created before its Toaster subscribed, so nothing shown while it loads is lost.
 */

type Sonner = typeof SonnerModule;
type ToastData = Parameters<Sonner['toast']['success']>[1];

let sonner: Promise<Sonner> | undefined;
let toasterWanted = false;
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    toasterWanted = true;
    for (const listener of listeners) listener();
  }
  return sonner;
}

function show(kind: 'success' | 'error', message: string, data?: ToastData): void {
  void loadSonner().then(({ toast: sonnerToast }) => sonnerToast[kind](message, data));
}

export const toast = {
  success: (message: string, data?: ToastData) => show('success', message, data),
  error: (message: string, data?: ToastData) => show('error', message, data),
};

const Toaster = lazy(() =>
  loadSonner().then(({ Toaster: SonnerToaster }) => ({
    default: function SiteToaster() {
      const { t, dir } = useI18n();
      return (
        <SonnerToaster
          position={dir === 'rtl' ? 'bottom-left' : 'bottom-right'}
          dir={dir}
          hotkey={['altKey', 'KeyT']}
          containerAriaLabel={t('toast.region')}
          toastOptions={{ closeButtonAriaLabel: t('toast.close') }}
          richColors
          closeButton
        />
      );
    },
  })),
);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Where toasts appear: renders nothing until the first toast asks for sonner. */
export function ToastRegion() {
  const wanted = useSyncExternalStore(
    subscribe,
    () => toasterWanted,
    () => false,
  );
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
