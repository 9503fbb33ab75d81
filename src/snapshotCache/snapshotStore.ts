import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Chain } from '../chain/types.js';
import { decodeSnapshot, readSnapshotHeader, type SnapshotHeader } from '../snapshot/snapshot.js';
import type { CacheSettings } from './cacheSettings.js';

const SUFFIX = '.snapshot';

/** One snapshot in the cache directory, as `explorer-mock cache ls` lists it. */
export interface CacheEntry {
  readonly file: string;
  readonly bytes: number;
  /** Last used (read or written). */
  readonly usedAt: Date;
  /** null for a file whose header cannot be read. */
  readonly header: SnapshotHeader | null;
}

/** The file a snapshot of `key` is kept in: readable names, the key keeps them apart. */
export const snapshotFile = (settings: CacheSettings, key: string, scenario: string, seed: string) =>
  join(
    settings.dir,
    `${`${scenario}-${seed}`.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60)}-${key.slice(0, 16)}${SUFFIX}`,
  );

/**
 * Reads the snapshot at `file` when there is a valid one for `key`: null when there is none, and
 * a `SnapshotError` (the caller warns and rebuilds) when it is damaged or foreign. Marks it used.
 */
export function readSnapshot(
  file: string,
  expect: { key: string; version: string },
): { chain: Chain; header: SnapshotHeader; runs?: unknown } | null {
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
  const opened = decodeSnapshot(data, expect);
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // A read-only cache still serves; it only cannot record the use.
  }
  return opened;
}

/**
 * Writes an encoded snapshot atomically (a temporary file renamed into place, so a reader sees the
 * old file, the new one or none, never half of one), then drops the least recently used beyond the
 * bound. Throws on I/O errors; the caller warns.
 */
export function writeSnapshot(settings: CacheSettings, file: string, chunks: readonly Uint8Array[]): void {
  mkdirSync(settings.dir, { recursive: true });
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    const fd = openSync(temporary, 'w');
    try {
      for (const chunk of chunks) writeFileSync(fd, chunk);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {
      // Nothing was written.
    }
    throw error;
  }
  pruneSnapshots(settings);
}

/** The snapshots in the cache directory, most recently used first. */
export function listSnapshots(dir: string): CacheEntry[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const entries: CacheEntry[] = [];
  for (const name of names) {
    if (!name.endsWith(SUFFIX)) continue;
    const file = join(dir, name);
    try {
      const stat = statSync(file);
      entries.push({ file, bytes: stat.size, usedAt: stat.mtime, header: headerOf(file) });
    } catch {
      // Removed meanwhile by another process.
    }
  }
  return entries.sort((a, b) => b.usedAt.getTime() - a.usedAt.getTime() || (a.file < b.file ? -1 : 1));
}

function headerOf(file: string): SnapshotHeader | null {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(64 * 1024);
    const read = readSync(fd, head, 0, head.length, 0);
    return readSnapshotHeader(head.subarray(0, read)).header;
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/** Drops the least recently used snapshots beyond the bound, and temporary files over an hour old. */
export function pruneSnapshots(settings: CacheSettings): void {
  for (const entry of listSnapshots(settings.dir).slice(settings.maxEntries)) removeQuietly(entry.file);
  const hourAgo = Date.now() - 3_600_000;
  for (const name of readdirSync(settings.dir)) {
    if (!name.endsWith('.tmp')) continue;
    const file = join(settings.dir, name);
    try {
      if (statSync(file).mtimeMs < hourAgo) removeQuietly(file);
    } catch {
      // Renamed meanwhile.
    }
  }
}

/** Removes every snapshot; returns how many and their total size. */
export function clearSnapshots(dir: string): { files: number; bytes: number } {
  const entries = listSnapshots(dir);
  for (const entry of entries) removeQuietly(entry.file);
  return { files: entries.length, bytes: entries.reduce((sum, e) => sum + e.bytes, 0) };
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}
