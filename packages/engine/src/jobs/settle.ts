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

/**
 * `Promise.all` that waits for every step even when one fails, then throws the first failure in the list's order.
 * For steps that write in the job's folder: `Promise.all` answers at the first failure while the others still
 * write, and the job's folder is removed under them (files left behind, or the removal fails as not empty).
 */
export async function allDone<T extends readonly unknown[] | []>(
  steps: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(steps);
  for (const step of settled) if (step.status === 'rejected') throw step.reason;
  return Promise.all(steps);
}
