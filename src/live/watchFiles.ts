import { type FSWatcher, watch } from 'node:fs';

/**
 * Calls `onChange` once a burst of edits to any of `files` settles (editors write in several
 * steps). Returns `stop`. Watches each file's directory, so a file an editor replaces (write to a
 * temporary file, then rename) is still seen.
 */
export function watchFiles(files: readonly string[], onChange: () => void, settleMs = 150): () => void {
  let timer: NodeJS.Timeout | undefined;
  const names = new Map<string, Set<string>>();
  for (const file of files) {
    const slash = file.lastIndexOf('/');
    const [dir, name] = [file.slice(0, slash) || '/', file.slice(slash + 1)];
    if (!names.has(dir)) names.set(dir, new Set());
    names.get(dir)!.add(name);
  }
  const watchers: FSWatcher[] = [...names].map(([dir, wanted]) =>
    watch(dir, { persistent: false }, (_event, name) => {
      if (name !== null && !wanted.has(String(name))) return;
      clearTimeout(timer);
      timer = setTimeout(onChange, settleMs);
    }),
  );
  return () => {
    clearTimeout(timer);
    for (const w of watchers) w.close();
  };
}
