import { poolProbe } from './pool-probe-task.js';
import type { TaskTable } from './task-table.js';

/** The pool's own diagnostic task (tests, benchmarks warming the pool), by task name. */
export const poolTasks = { 'pool-probe': poolProbe } satisfies TaskTable;
export type PoolTasks = typeof poolTasks;
