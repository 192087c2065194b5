import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time of processes, from Linux's /proc (elsewhere: undefined), to say where a request's
 * time goes: in the API process (Node, and PGlite when embedded) or in PostgreSQL's backends.
 */
const TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux build that matters here

function cpuMsOf(pid: string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: read the fields after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const userTicks = Number(fields[11]);
    const systemTicks = Number(fields[12]);
    return ((userTicks + systemTicks) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0; // the process ended between listing and reading
  }
}

/** The parent process id, or undefined when the process is gone. */
function parentOf(pid: string): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
  } catch {
    return undefined;
  }
}

/** `root` and every process below it (the API's cluster workers, decision 045). */
function treeOf(root: string, pids: readonly string[]): string[] {
  const children = new Map<string, string[]>();
  for (const pid of pids) {
    const parent = parentOf(pid);
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const tree = [root];
  for (let n = 0; n < tree.length; n += 1) tree.push(...(children.get(tree[n]!) ?? []));
  return tree;
}

function commandOf(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/** The machine's process ids, or undefined where there is no /proc (not Linux). */
function processIds(): string[] | undefined {
  try {
    return readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
}

/** The commands of `root` and every process below it, e.g. to see an `ffmpeg` it started. */
export function commandsUnder(root: number): string[] {
  const pids = processIds();
  return pids ? treeOf(String(root), pids).map(commandOf) : [];
}

export interface CpuSnapshot {
  /** The API process and its workers. */
  serverMs: number;
  /** Every `postgres` process on the machine (other databases' work included). */
  postgresMs: number;
  /**
   * This process: autocannon runs in it, so this is what the load generator spent (it shares
   * the machine's cores with the API, so a costlier answer to read slows both sides).
   */
  generatorMs: number;
}

/** The CPU this process used so far (user and system), in milliseconds. */
function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

export function cpuSnapshot(serverPid: number): CpuSnapshot | undefined {
  const pids = processIds();
  if (!pids) return undefined;
  const postgresMs = pids
    .filter((pid) => commandOf(pid) === 'postgres')
    .reduce((sum, pid) => sum + cpuMsOf(pid), 0);
  const serverMs = treeOf(String(serverPid), pids).reduce((sum, pid) => sum + cpuMsOf(pid), 0);
  return { serverMs, postgresMs, generatorMs: ownCpuMs() };
}

/** CPU milliseconds per answered request between two snapshots. */
export function cpuPerRequest(
  before: CpuSnapshot | undefined,
  after: CpuSnapshot | undefined,
  requests: number,
): CpuSnapshot | undefined {
  if (!before || !after || requests === 0) return undefined;
  return {
    serverMs: (after.serverMs - before.serverMs) / requests,
    postgresMs: (after.postgresMs - before.postgresMs) / requests,
    generatorMs: (after.generatorMs - before.generatorMs) / requests,
  };
}
