/** A promise's outcome as a value, so a step started early can be awaited later without an unhandled rejection. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );
}

/** The settled value, or its error thrown again. */
export function valueOf<T>(settled: Settled<T>): T {
  if (!settled.ok) throw settled.error;
  return settled.value;
}
