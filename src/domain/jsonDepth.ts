/** The deepest a JSON value a request gives (a body's field, a standard-JSON input) may nest. */
export const MAX_JSON_DEPTH = 32;

/** Whether a JSON value nests deeper than `max` levels (an object or array is one level; a scalar none). Iterative: any depth is measured. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(v))
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}
