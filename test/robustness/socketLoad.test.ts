import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { heapAfterCollection } from '../support/inspectHeap.js';
import { spawnCli } from '../support/spawnCli.js';

const CLIENTS = 1_000;
const MINE_EVERY_MS = 100;
/**
 * The measured run after the warm-up: 10 s in `npm test`; EXPLORER_MOCK_SOAK_SECONDS=30 for the
 * long run (the memory claim is then over 30 s of load). The name of the test says which ran.
 */
const RUN_MS = Number(process.env.EXPLORER_MOCK_SOAK_SECONDS || 10) * 1_000;
/** The warm-up, before the memory kept is measured. */
const WARM_MS = 5_000;
/**
 * Blocks mined and HTTP answers, each more than: 4 in 7 of the blocks the schedule asks for over the
 * warm-up and the run (200 for a 30 s run, as before the run's length was a setting).
 */
const FLOOR = Math.ceil(((WARM_MS + RUN_MS) / MINE_EVERY_MS) * (4 / 7));

/** A client joined to `blocks:new_block` that records the height of every `new_block` it hears. */
async function listener(base: string) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/socket/v2/websocket?vsn=2.0.0`);
  const heights: number[] = [];
  let joined!: () => void;
  const join = new Promise<void>((resolve) => (joined = resolve));
  ws.on('message', (data) => {
    const [, ref, , event, payload] = JSON.parse(String(data)) as [
      string,
      string,
      string,
      string,
      { block: { height: number } },
    ];
    if (event === 'new_block') heights.push(payload.block.height);
    else if (event === 'phx_reply' && ref === 'join') joined();
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  ws.send(JSON.stringify(['join', 'join', 'blocks:new_block', 'phx_join', {}]));
  await join;
  return { ws, heights };
}

const mine = (base: string) =>
  fetch(`${base}/__mock/mine`, { method: 'POST', body: '{"blocks":1}' }).then(
    (r) => r.json() as Promise<{ head: number }>,
  );
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the websocket under load', () => {
  it(`pushes every block, in order and once, to ${CLIENTS} clients while a block is mined every ${MINE_EVERY_MS} ms for ${RUN_MS / 1000} s; HTTP keeps answering and memory stays flat`, async () => {
    const cli = await spawnCli(['--scenario', 'tiny', '--seed', '5', '--no-cache'], {}, ['--inspect=127.0.0.1:0']);
    try {
      const clients = [];
      for (let i = 0; i < CLIENTS; i += 50)
        clients.push(...(await Promise.all(Array.from({ length: 50 }, () => listener(cli.url)))));
      const first = {
        head: ((await fetch(`${cli.url}/__mock/scenario`).then((r) => r.json())) as { headHeight: number }).headHeight,
      };
      let head = first.head;
      const failures: string[] = [];
      let answered = 0;
      /** Mines a block every MINE_EVERY_MS and reads /api/v2/blocks every 50 ms, until `done` says so. */
      const phase = async (ms: number) => {
        const started = performance.now();
        let over = false;
        await Promise.all([
          (async () => {
            while (!over) {
              head = (await Promise.all([mine(cli.url), sleep(MINE_EVERY_MS)]))[0].head;
              over = performance.now() - started >= ms;
            }
          })(),
          (async () => {
            while (!over) {
              const mined = head;
              const response = await fetch(`${cli.url}/api/v2/blocks`);
              const body = (await response.json()) as { items: { height: number }[] };
              // The newest block is at least the one mined before asking.
              if (response.status !== 200 || !(body.items[0]!.height >= mined))
                failures.push(`${response.status} /api/v2/blocks: ${body.items[0]?.height} < ${mined}`);
              answered++;
              await sleep(50);
            }
          })(),
        ]);
      };
      // Warm-up: the same work for WARM_MS, then the memory kept after a full
      // collection (heap and Buffers) is the level measured against. RSS was the measure before: it
      // needed a warm-up until V8's sawtooth had peaked once (up to 60 s, about 80 MB of climb) and
      // still allowed 20% of the process.
      await phase(WARM_MS);
      const afterWarmUp = await heapAfterCollection(cli, true);
      await phase(RUN_MS);
      const afterRun = await heapAfterCollection(cli, true);
      expect(failures).toEqual([]);
      expect(answered).toBeGreaterThan(FLOOR);
      expect(head - first.head).toBeGreaterThan(FLOOR);
      const expected = Array.from({ length: head - first.head }, (_, i) => first.head + 1 + i);
      for (let i = 0; i < 200 && clients.some((c) => c.heights.length < expected.length); i++) await sleep(50);
      for (const c of clients) expect(c.heights).toEqual(expected);
      // The chain grows with its blocks (about 2 MB for the 100 of a 10 s run, measured): 5 MB per
      // 10 s of run. A leak of 50 bytes per push (1,000 clients, 100 blocks) would pass it.
      expect(afterRun, `kept after the warm-up ${afterWarmUp.toFixed(1)} MB`).toBeLessThanOrEqual(
        afterWarmUp + (5 * RUN_MS) / 10_000,
      );
      for (const c of clients) c.ws.close();
    } finally {
      await cli.stop();
    }
  }, 150_000);
});

/** Opens a socket, joins `topics` (all answered), and closes it without leaving. */
async function joinAndClose(base: string, topics: readonly string[]): Promise<string[]> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/socket/v2/websocket?vsn=2.0.0`);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const statuses: string[] = [];
  const replied = new Promise<void>((resolve) =>
    ws.on('message', (data) => {
      const [, , , event, payload] = JSON.parse(String(data)) as [string, string, string, string, { status: string }];
      if (event === 'phx_reply' && statuses.push(payload.status) === topics.length) resolve();
    }),
  );
  topics.forEach((topic, i) => ws.send(JSON.stringify([String(i), String(i), topic, 'phx_join', {}])));
  await replied;
  ws.close();
  return statuses;
}

describe('the Phoenix socket under distinct joins', () => {
  const ROUNDS = 6;
  const SOCKETS = 500;
  const PER_SOCKET = 100;

  it(`forgets the topics of closed sockets: ${ROUNDS} rounds of ${SOCKETS * PER_SOCKET} distinct address joins, each socket closed after its ${PER_SOCKET}, leave memory flat`, async () => {
    const cli = await spawnCli(['--scenario', 'tiny', '--seed', '5', '--no-cache'], {}, ['--inspect=127.0.0.1:0']);
    try {
      const heap: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        for (let s = 0; s < SOCKETS; s += 25)
          await Promise.all(
            Array.from({ length: 25 }, async (_, k) => {
              const first = (round * SOCKETS + s + k) * PER_SOCKET;
              const topics = Array.from(
                { length: PER_SOCKET },
                (_, i) => `addresses:0x${(first + i).toString(16).padStart(40, '0')}`,
              );
              expect(new Set(await joinAndClose(cli.url, topics))).toEqual(new Set(['ok']));
            }),
          );
        // Closes are handled, and a block mined (the broadcast reads who listens).
        await fetch(`${cli.url}/__mock/mine`, { method: 'POST', body: '{}' });
        heap.push(await heapAfterCollection(cli));
      }
      // Fifty thousand topics forgotten a round: after a full collection the heap holds no more after the
      // last round than after the first (kept, they add some 13 MB a round: 40 to 106 MB over six; RSS
      // was too noisy to tell, V8's sawtooth moves it by 40 MB).
      expect(heap.at(-1)!, `heap after each round: ${heap.map((mb) => mb.toFixed(1)).join(', ')} MB`).toBeLessThan(
        heap[0]! + 5,
      );
    } finally {
      await cli.stop();
    }
  }, 300_000);
});
