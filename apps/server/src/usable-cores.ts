import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/**
 * The cores this process may use: those the scheduler lets it run on, and no more than a cgroup v2
 * CPU quota allows (a container limited to 2 CPUs on a 64-core host gets 2, not 64).
 */
export function usableCores(cpuMaxFile = '/sys/fs/cgroup/cpu.max'): number {
  const cores = availableParallelism();
  let quota: string;
  try {
    quota = readFileSync(cpuMaxFile, 'utf8');
  } catch {
    return cores; // no cgroup v2 here (another system, or cgroup v1)
  }
  const [limit, period] = quota.trim().split(/\s+/);
  if (!limit || limit === 'max' || !period || !(Number(period) > 0) || !(Number(limit) > 0)) return cores;
  return Math.max(1, Math.min(cores, Math.ceil(Number(limit) / Number(period))));
}
