import { vi } from 'vitest';
import type * as pdfPages from '~/features/tools/page-view/pdf-pages';

/**
 * Module stand-ins the tool workspace's tests share, each handed to `vi.mock` by the test file (vi.mock must stand
 * in the file it mocks for).
 */

/** The toast module with spies, so a test reads what was announced. */
export function toastWithSpies() {
  return { toast: { success: vi.fn(), error: vi.fn() } };
}

/**
 * pdf-pages whose previews stay loading: jsdom has neither canvas nor DOMMatrix, which pdf.js needs, so the
 * workspace's tests neither import pdf.js nor log its failure (the previews are tested with their own fake in
 * page-view/).
 */
export async function pendingPreviews(original: <T>() => Promise<T>) {
  return {
    ...(await original<typeof pdfPages>()),
    loadPdfPages: () => new Promise<never>(() => {}),
    openAhead: () => {},
    warmUpPdfJs: () => {},
  };
}
