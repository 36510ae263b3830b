/**
 * Whether an error is a WebAssembly trap (memory access out of bounds, unreachable: class WebAssembly.RuntimeError,
 * named RuntimeError). After one, the module's memory can no longer be trusted: its worker must not run another job.
 */
export function isWasmTrap(error: unknown): boolean {
  return error instanceof Error && error.name === 'RuntimeError';
}
