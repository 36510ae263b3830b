/**
 * A gate that runs at most `limit` of the tasks handed to it at once, the others waiting in the order they came;
 * each call answers its own task's result.
 */
export function concurrencyLimit(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running < limit) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve)); // a finishing task hands its slot over
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
