import { rssMb, spawnUntilLine, stop } from './process.js';

export interface MemoryFigures {
  /** Where the chain came from (`snapshot` or `built`), as the server said. */
  readonly source: string;
  /** RSS in MiB once the server is idle after its start-up work (snapshot, lazy modules, warm-up). */
  readonly idleMb: number;
  /** RSS in MiB after `blocks` blocks mined one request each, settled. */
  readonly minedMb: number;
  readonly blocks: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the process's RSS holds within 1 MiB for `steady` samples a second apart (the
 * background work has finished), at most `maxSeconds`; returns the last sample.
 */
async function settledRss(pid: number, steady = 5, maxSeconds = 90): Promise<number> {
  let last = rssMb(pid);
  for (let same = 0, seconds = 0; same < steady && seconds < maxSeconds; seconds++) {
    await sleep(1_000);
    const now = rssMb(pid);
    same = Math.abs(now - last) < 1 ? same + 1 : 0;
    last = now;
  }
  return last;
}

/**
 * The server's resident memory on `scenario`: idle after the warm-up, and after `blocks` blocks
 * mined by `POST /__mock/mine`, one block a request as the block clock mines them.
 */
export async function measureMemory(dist: string, scenario = 'default', blocks = 600): Promise<MemoryFigures> {
  const server = await spawnUntilLine([`${dist}/bin/cli.js`, '--port', '0', '--json', '--scenario', scenario]);
  try {
    const { url, chain } = JSON.parse(server.line) as { url: string; chain: { source: string } };
    const pid = server.child.pid!;
    const idleMb = await settledRss(pid);
    for (let i = 0; i < blocks; i++) {
      const response = await fetch(`${url}/__mock/mine`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"blocks":1}',
      });
      if (!response.ok) throw new Error(`POST /__mock/mine answered ${response.status}: ${await response.text()}`);
    }
    return { source: chain.source, idleMb, minedMb: await settledRss(pid), blocks };
  } finally {
    await stop(server.child);
  }
}
