import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface LoadResult {
  readonly rps: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Non-2xx answers and socket errors. */
  readonly errors: number;
}

const dir = mkdtempSync(join(tmpdir(), 'explorer-mock-bench-'));

/** Cycles through the URLs in a file, one per request; each wrk thread starts at its own offset. */
const WALK_SCRIPT = `
local urls = {}
local i = 0
init = function(args)
  for line in io.lines(args[1]) do urls[#urls + 1] = line end
  i = math.random(#urls)
end
request = function()
  i = i % #urls + 1
  return wrk.format("GET", urls[i])
end
`;

const toMs = (text: string) => {
  const m = /([\d.]+)(us|ms|s)/.exec(text)!;
  return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
};

/** Cycles through JSON bodies in a file, one per request, POSTed to one path. */
const POST_SCRIPT = `
local bodies = {}
local i = 0
local path = "/"
init = function(args)
  path = args[1]
  for line in io.lines(args[2]) do bodies[#bodies + 1] = line end
  i = math.random(#bodies)
end
request = function()
  i = i % #bodies + 1
  return wrk.format("POST", path, { ["Content-Type"] = "application/json" }, bodies[i])
end
`;

/** Runs wrk against `base` for `seconds` with `connections`, POSTing one body repeated, or a cycle of bodies, to `path`. */
export function wrkPost(
  base: string,
  path: string,
  bodies: readonly string[],
  seconds: number,
  connections: number,
): LoadResult {
  const list = join(dir, `bodies-${Math.random().toString(36).slice(2)}.txt`);
  const script = join(dir, 'post.lua');
  writeFileSync(list, `${bodies.join('\n')}\n`);
  writeFileSync(script, POST_SCRIPT);
  return run([
    '-t2',
    `-c${connections}`,
    `-d${seconds}s`,
    '--latency',
    '--timeout',
    '5s',
    '-s',
    script,
    base,
    '--',
    path,
    list,
  ]);
}

/** Runs wrk against `base` for `seconds` with `connections`: one URL repeated, or a cycle of URLs. */
export function wrk(base: string, urls: readonly string[], seconds: number, connections: number): LoadResult {
  const args = ['-t2', `-c${connections}`, `-d${seconds}s`, '--latency', '--timeout', '5s'];
  if (urls.length > 1) {
    const list = join(dir, `urls-${Math.random().toString(36).slice(2)}.txt`);
    const script = join(dir, 'walk.lua');
    writeFileSync(list, `${urls.join('\n')}\n`);
    writeFileSync(script, WALK_SCRIPT);
    args.push('-s', script, base, '--', list);
  } else args.push(`${base}${urls[0]}`);
  return run(args);
}

function run(args: readonly string[]): LoadResult {
  const out = execFileSync('wrk', args, { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)![1]);
  const p50 = toMs(/\s50%\s+(\S+)/.exec(out)![1]!);
  const p99 = toMs(/\s99%\s+(\S+)/.exec(out)![1]!);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = non2xx + (socket ? socket.slice(1).reduce((s, n) => s + Number(n), 0) : 0);
  return { rps, p50Ms: p50, p99Ms: p99, errors };
}
