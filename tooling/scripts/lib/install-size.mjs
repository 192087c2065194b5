import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const MIB = 1024 * 1024;

/** Bytes as MiB with one decimal, the unit `du -sh` prints as "M". */
export const mib = (bytes) => (bytes / MIB).toFixed(1);

/**
 * The size of everything under `dir`: `disk` as `du` counts it (allocated 512-byte blocks, so
 * many small files weigh more than their bytes) and `files`, the files' own bytes (npm's
 * "unpacked size"). A hard-linked file counts once.
 */
export function directorySize(dir, seen = new Set()) {
  let disk = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const stat = lstatSync(path);
    if (seen.has(stat.ino)) continue;
    seen.add(stat.ino);
    disk += stat.blocks * 512;
    if (entry.isDirectory()) {
      const inner = directorySize(path, seen);
      disk += inner.disk;
      files += inner.files;
    } else {
      files += stat.size;
    }
  }
  return { disk, files };
}

/** Each package of a flat `node_modules` (npm's layout) with its size, the largest first. */
export function packageSizes(nodeModules) {
  const names = readdirSync(nodeModules).flatMap((name) => {
    if (name.startsWith('.')) return [];
    if (!name.startsWith('@')) return [name];
    return readdirSync(join(nodeModules, name)).map((inner) => `${name}/${inner}`);
  });
  return names
    .map((name) => ({ name, ...directorySize(join(nodeModules, name)) }))
    .sort((a, b) => b.disk - a.disk);
}
