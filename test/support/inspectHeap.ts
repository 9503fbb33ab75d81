import WebSocket from 'ws';
import type { SpawnedCli } from './spawnCli.js';

/**
 * The heap a CLI started with `--inspect=127.0.0.1:0` holds after a full garbage collection, MB:
 * what it keeps, without the collector's sawtooth that makes RSS rise and fall by tens of MB.
 * Asked over the inspector protocol (HeapProfiler.collectGarbage, then process.memoryUsage()).
 * `withExternal` adds the memory V8 tracks outside its heap (Buffers, such as sockets' queues).
 */
export async function heapAfterCollection(cli: SpawnedCli, withExternal = false): Promise<number> {
  const url = /Debugger listening on (ws:\/\/\S+)/.exec(cli.stderr())?.[1];
  if (!url) throw new Error(`the CLI was not started with --inspect: ${cli.stderr()}`);
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let next = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<{ result?: { value?: unknown } }>((resolve) => {
      const id = ++next;
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(String(data)) as {
          id?: number;
          result?: { result?: { value?: unknown } };
        };
        if (message.id !== id) return;
        ws.off('message', onMessage);
        resolve(message.result ?? {});
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id, method, params }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    const used = await call('Runtime.evaluate', {
      expression: withExternal
        ? '(({ heapUsed, external }) => heapUsed + external)(process.memoryUsage())'
        : 'process.memoryUsage().heapUsed',
    });
    return Number(used.result?.value) / (1024 * 1024);
  } finally {
    ws.close();
  }
}
