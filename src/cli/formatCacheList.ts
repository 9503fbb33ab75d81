import type { CacheEntry } from '../snapshotCache/snapshotStore.js';

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const minute = (date: Date | string) => new Date(date).toISOString().slice(0, 16).replace('T', ' ');

/** The table `explorer-mock cache ls` prints. */
export function formatCacheList(dir: string, entries: readonly CacheEntry[]): string {
  if (!entries.length) return `No cached chains in ${dir}\n`;
  const rows = entries.map((e) => [
    megabytes(e.bytes),
    e.header?.scenario ?? '?',
    e.header?.seed ?? '?',
    e.header ? minute(e.header.createdAt) : '?',
    minute(e.usedAt),
    e.header ? `explorer-mock ${e.header.version}` : 'unreadable',
  ]);
  const head = ['size', 'scenario', 'seed', 'written (UTC)', 'last used (UTC)', 'by'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const total = entries.reduce((sum, e) => sum + e.bytes, 0);
  return `${dir}\n${line(head)}\n${rows.map(line).join('\n')}\n${entries.length} snapshot${entries.length === 1 ? '' : 's'}, ${megabytes(total)}\n`;
}
