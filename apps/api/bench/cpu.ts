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
   * The same per process: backends come and go during a run (a pool closing idle connections),
   * and a total taken over the processes alive at each end went negative when one ended.
   */
  postgresByPid?: ReadonlyMap<string, number>;
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
  const postgresByPid = new Map(
    pids.filter((pid) => commandOf(pid) === 'postgres').map((pid) => [pid, cpuMsOf(pid)] as const),
  );
  const postgresMs = [...postgresByPid.values()].reduce((sum, ms) => sum + ms, 0);
  const serverMs = treeOf(String(serverPid), pids).reduce((sum, pid) => sum + cpuMsOf(pid), 0);
  return { serverMs, postgresMs, postgresByPid, generatorMs: ownCpuMs() };
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
    postgresMs: postgresDelta(before, after) / requests,
    generatorMs: (after.generatorMs - before.generatorMs) / requests,
  };
}

/**
 * PostgreSQL's CPU between two snapshots: per process alive at the end, what it used since the
 * first (all of it for a process started in between). A process that ended in between is left
 * out, so this counts too little rather than going negative.
 */
function postgresDelta(before: CpuSnapshot, after: CpuSnapshot): number {
  if (!before.postgresByPid || !after.postgresByPid) return after.postgresMs - before.postgresMs;
  let total = 0;
  for (const [pid, ms] of after.postgresByPid) {
    total += Math.max(0, ms - (before.postgresByPid.get(pid) ?? 0));
  }
  return total;
}
