/**
 * Files handed from the home/tools "Try it now" box to the tool page the visitor chose. The files never leave the
 * browser until the tool's action is pressed.
 *
 * Two ways across, one per kind of page: a hydrated page moves to the tool page without reloading, so the files
 * wait in memory; a page without the React app (its "Try it now" box is an island, decision 073) loads the tool
 * page anew, so the files wait in IndexedDB, for one hand-over and a few minutes at most.
 */
let pending: { toolPath: string; files: File[] } | undefined;

export function handOverFiles(toolPath: string, files: readonly File[]): void {
  pending = { toolPath, files: [...files] };
}

/** The files waiting in memory for the tool page at `toolPath`, once; undefined when there are none. */
export function takeHandedOverFiles(toolPath: string): File[] | undefined {
  if (!pending || pending.toolPath !== toolPath) return undefined;
  const { files } = pending;
  pending = undefined;
  return files;
}

const DATABASE = 'paperknife-hand-over';
const STORE = 'hand-over';
const KEY = 'files';
/** A hand-over older than this was abandoned (the tool page never opened); it is dropped, not offered. */
const STORED_FILES_LIFETIME_MS = 10 * 60 * 1000;

interface StoredHandOver {
  toolPath: string;
  files: File[];
  storedAt: number;
}

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  });
}

/** Runs `work` in one transaction on the store and resolves with its request's result once the transaction commits. */
async function inStore<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T> | undefined,
): Promise<T | undefined> {
  const database = await openDatabase();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const transaction = database.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request?.result);
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    database.close();
  }
}

/** Keeps the files for the tool page at `toolPath` across a page load; resolves once they are written. */
export async function storeHandOver(toolPath: string, files: readonly File[]): Promise<void> {
  const record: StoredHandOver = { toolPath, files: [...files], storedAt: Date.now() };
  await inStore('readwrite', (store) => store.put(record, KEY));
}

/**
 * The files stored for the tool page at `toolPath`, once (they are deleted as they are read); undefined when there
 * are none, when they were meant for another tool, or where IndexedDB is missing or refused. Abandoned ones are
 * deleted whatever page asks.
 */
export async function takeStoredHandOver(toolPath: string): Promise<File[] | undefined> {
  if (typeof indexedDB === 'undefined') return undefined;
  try {
    const record = await inStore<StoredHandOver | undefined>('readonly', (store) => store.get(KEY));
    if (!record) return undefined;
    const abandoned = Date.now() - record.storedAt > STORED_FILES_LIFETIME_MS;
    if (record.toolPath !== toolPath && !abandoned) return undefined;
    await inStore('readwrite', (store) => store.delete(KEY));
    return abandoned ? undefined : record.files;
  } catch {
    // Private modes may refuse IndexedDB: the visitor drops the file again on the tool page.
    return undefined;
  }
}
