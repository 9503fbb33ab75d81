/**
 * Blockscout's own ETH RPC API (`POST /api/eth-rpc` and `/api/v1/eth-rpc`), as its
 * `apps/explorer/lib/explorer/eth_rpc.ex`, `eth_rpc_helper.ex` and
 * `apps/block_scout_web/.../api/eth_rpc/{eth_controller,view}.ex` answer (v11): sixteen methods,
 * eight answered from the explorer's own records and eight checked and passed to the node; the
 * explorer's errors are bare strings, the node's `{code, message, data}`; a batch of more than
 * five is refused with HTTP 413; the envelope's own spacing and trailing newline. The values are
 * the node's (`METHODS`), so the two agree on every fact.
 */
import { logsIn } from '../domain/logsIn.js';
import { accountIdOf } from '../domain/accounts.js';
import { balanceSteps } from '../domain/balances.js';
import { AVERAGE_TIP, suggestedGasPrice } from '../domain/chainStats.js';
import { encodedLogOf, logEventOf } from '../domain/logs.js';
import type { RpcContext } from './context.js';
import { rpcLog, rpcReceiptJson, rpcTransaction } from './formats.js';
import { type NodeState, RawJson, settledResult } from './method.js';
import { METHODS } from './node.js';
import { quantity } from './quantity.js';
import { RpcError } from './rpcError.js';

/** Most requests one batch may hold (`ETH_JSON_RPC_MAX_BATCH_SIZE`, default 5), and most logs one `eth_getLogs` gives. */
export const ETH_RPC_MAX_BATCH = 5;
const MAX_LOGS = 1_000;

/** A failure the explorer itself reports: a bare string `error`. */
class ExplorerError extends Error {}

type Json = Record<string, unknown>;
type Answer = { readonly result: unknown } | { readonly error: string | Json };

const sorted = (o: Json): Json =>
  Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;
const HEX_NUMBER = /^0x[0-9a-fA-F]*$/;

/** The node's answer to a method, its errors as `{code, message, data}` objects (what the explorer passes on). */
function viaNode(ctx: RpcContext, node: NodeState, method: string, params: readonly unknown[]): Answer {
  try {
    // At once: at most five requests, each bounded (a call by its gas).
    const result = settledResult(METHODS[method]!(ctx, params, node));
    return { result: result instanceof RawJson ? (JSON.parse(result.text) as unknown) : result };
  } catch (error) {
    if (!(error instanceof RpcError)) throw error;
    return {
      error:
        error.data === undefined
          ? { code: error.code, message: error.message }
          : { code: error.code, message: error.message, data: error.data },
    };
  }
}

const blockValid = (b: unknown) =>
  b === 'latest' || b === 'earliest' || b === 'pending' || (typeof b === 'string' && HEX_NUMBER.test(b));
const check = (ok: boolean, message: string) => {
  if (!ok) throw new ExplorerError(message);
};

/** `eth_call` and `eth_estimateGas`'s object as the explorer checks it (`to` required, optional fields checked by name). */
function callValid(call: unknown): void {
  check(call !== null && typeof call === 'object' && 'to' in (call as Json), 'Missed `to` address');
  const c = call as Json;
  check(typeof c.to === 'string' && ADDRESS.test(c.to), 'Invalid `to` address');
  if (c.from !== undefined) check(typeof c.from === 'string' && ADDRESS.test(c.from), 'Invalid `from` address');
  for (const field of ['gas', 'gasPrice', 'value'])
    if (c[field] !== undefined)
      check(typeof c[field] === 'string' && HEX_NUMBER.test(c[field] as string), `Invalid \`${field}\` quantity`);
  if (c.input !== undefined) check(typeof c.input === 'string' && HEX_NUMBER.test(c.input), 'Invalid `input` data');
}

/** The methods the explorer passes to the node, each with its exact argument count and its checks. */
const PROXIED: Readonly<
  Record<string, { readonly arity: number; readonly check: (params: readonly unknown[]) => void }>
> = {
  eth_getTransactionCount: {
    arity: 2,
    check: ([a, b]) => (
      check(typeof a === 'string' && ADDRESS.test(a), 'Invalid address'), check(blockValid(b), 'Invalid block number')
    ),
  },
  eth_getCode: {
    arity: 2,
    check: ([a, b]) => (
      check(typeof a === 'string' && ADDRESS.test(a), 'Invalid address'), check(blockValid(b), 'Invalid block number')
    ),
  },
  eth_getStorageAt: {
    arity: 3,
    check: ([a, slot, b]) => (
      check(typeof a === 'string' && ADDRESS.test(a), 'Invalid address'),
      check(typeof slot === 'string' && HEX_NUMBER.test(slot), 'Invalid integer'),
      check(blockValid(b), 'Invalid block number')
    ),
  },
  eth_estimateGas: { arity: 2, check: ([c, b]) => (callValid(c), check(blockValid(b), 'Invalid block number')) },
  eth_call: { arity: 2, check: ([c, b]) => (callValid(c), check(blockValid(b), 'Invalid block number')) },
  eth_getBlockByNumber: {
    arity: 2,
    check: ([b, full]) => (
      check(blockValid(b), 'Invalid block number'), check(typeof full === 'boolean', 'Invalid bool')
    ),
  },
  eth_getBlockByHash: {
    arity: 2,
    check: ([h, full]) => (
      check(typeof h === 'string' && HASH.test(h), 'Invalid hash'), check(typeof full === 'boolean', 'Invalid bool')
    ),
  },
  eth_sendRawTransaction: {
    arity: 1,
    check: ([d]) => check(typeof d === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(d), 'Invalid hex data'),
  },
};

/** `eth_getBalance`'s block: a tag or a decimal number (the explorer parses it in base 10). */
function balanceHeight(ctx: RpcContext, block: unknown): number {
  if (block === undefined || block === null || block === 'latest' || block === 'pending') return ctx.chain.headHeight;
  if (block === 'earliest') return 0;
  if (typeof block === 'string' && /^-?[0-9]+$/.test(block)) return Number(block);
  throw new ExplorerError("Query parameter 'block' is invalid");
}

function getBalance(ctx: RpcContext, [address, block]: readonly unknown[]): unknown {
  if (typeof address !== 'string' || !ADDRESS.test(address))
    throw new ExplorerError("Query parameter 'address' is invalid");
  const height = balanceHeight(ctx, block);
  const id = accountIdOf(ctx.chain, address.toLowerCase());
  const step = id === undefined ? undefined : balanceSteps(ctx.facts, id).findLast((s) => s.block <= height);
  if (!step) throw new ExplorerError('Balance not found');
  return quantity(step.value);
}

/** A transaction as the explorer renders it: its keys sorted, `chainId` always, `yParity` the `v` of a typed one, empty access lists. */
function explorerTransaction(ctx: RpcContext, index: number): Json {
  const node = rpcTransaction(ctx, index) as Json;
  const { blockTimestamp: _t, yParity: _y, ...rest } = node;
  return sorted({
    ...rest,
    type: rest.type ?? '0x0',
    ...(rest.type !== '0x0' ? { accessList: [], yParity: rest.v } : {}),
  });
}

/** A receipt as the explorer renders it: its keys sorted, logs without `blockTimestamp`. */
function explorerReceipt(ctx: RpcContext, index: number): Json {
  const receipt = JSON.parse(rpcReceiptJson(ctx, index)) as Json;
  return sorted({ ...receipt, logs: (receipt.logs as Json[]).map(({ blockTimestamp: _t, ...log }) => sorted(log)) });
}

/** `fromBlock`/`toBlock` of the explorer's `eth_getLogs`: tags, or hex with or without `0x`. */
function logBlock(ctx: RpcContext, value: unknown): number {
  if (value === undefined || value === 'latest' || value === 'pending') return ctx.chain.headHeight;
  if (value === 'earliest') return 0;
  if (typeof value === 'string' && /^(0x)?[0-9a-fA-F]+$/.test(value))
    return Number.parseInt(value.replace(/^0x/, ''), 16);
  throw new ExplorerError('invalid block number');
}

/**
 * The explorer's `eth_getLogs`: one address, topics (its bug kept: null positions are dropped
 * before matching), at most 1000 logs by block then index, continued after `paging_options`.
 */
function getLogs(ctx: RpcContext, [filter]: readonly unknown[]): unknown {
  if (filter === null || typeof filter !== 'object') throw new ExplorerError('Must supply one of address and topics');
  const f = filter as Json;
  if (f.address === undefined && f.topics === undefined)
    throw new ExplorerError('Must supply one of address and topics');
  if (f.address !== undefined && (typeof f.address !== 'string' || !ADDRESS.test(f.address)))
    throw new ExplorerError('invalid address');
  const topics = f.topics === undefined ? [] : f.topics;
  if (!Array.isArray(topics)) throw new ExplorerError('invalid topics');
  const positions = topics.filter((t) => t !== null).map((t) => (Array.isArray(t) ? t : [t]));
  if (positions.some((p) => p.some((t) => typeof t !== 'string' || !HASH.test(t))))
    throw new ExplorerError('invalid topics');
  let from: number;
  let to: number;
  if (f.blockHash !== undefined) {
    const block = typeof f.blockHash === 'string' ? ctx.chain.blockByHash.get(f.blockHash.toLowerCase()) : undefined;
    if (!block || block.type !== 'block') throw new ExplorerError('Invalid Block Hash');
    from = to = block.height;
  } else {
    from = logBlock(ctx, f.fromBlock);
    to = Math.min(ctx.chain.headHeight, logBlock(ctx, f.toBlock));
  }
  const paging = f.paging_options as { logIndex?: string; blockNumber?: string } | undefined;
  const after = paging && {
    block: Number.parseInt(paging.blockNumber ?? '0', 16),
    index: Number.parseInt(paging.logIndex ?? '0', 16),
  };
  const address = typeof f.address === 'string' ? f.address.toLowerCase() : undefined;
  const emitter = address === undefined ? undefined : ctx.chain.accountByHash.get(address);
  const logs: Json[] = [];
  if (address !== undefined && emitter === undefined) return logs;
  for (const ref of logsIn(ctx.facts, { from, to, emitters: emitter === undefined ? null : [emitter] })) {
    if (logs.length === MAX_LOGS) break;
    const e = logEventOf(ctx.facts, ref);
    if (after && (e.block < after.block || (e.block === after.block && e.index <= after.index))) continue;
    const own = encodedLogOf(ctx.facts, ref).topics;
    if (
      !positions.every(
        (wanted, k) => own[k] != null && wanted.map((w) => (w as string).toLowerCase()).includes(own[k]!),
      )
    )
      continue;
    const { blockTimestamp: _t, ...log } = rpcLog(ctx, ref);
    logs.push(sorted(log));
  }
  return logs;
}

/** The explorer's own methods, with the argument counts its functions take. */
const NATIVE: Readonly<
  Record<
    string,
    { readonly arities: readonly number[]; readonly answer: (ctx: RpcContext, params: readonly unknown[]) => unknown }
  >
> = {
  eth_blockNumber: { arities: [0], answer: (ctx) => quantity(ctx.chain.headHeight) },
  eth_getBalance: { arities: [1, 2], answer: getBalance },
  eth_getLogs: { arities: [1], answer: getLogs },
  eth_gasPrice: {
    arities: [0],
    answer: (ctx) => quantity(suggestedGasPrice(ctx.chain)),
  },
  eth_maxPriorityFeePerGas: { arities: [0], answer: () => quantity(AVERAGE_TIP) },
  eth_chainId: { arities: [0], answer: (ctx) => quantity(ctx.chainId) },
  eth_getTransactionByHash: {
    arities: [1],
    answer: (ctx, [hash]) => {
      if (typeof hash !== 'string' || !HASH.test(hash)) throw new ExplorerError('Transaction hash is invalid');
      const index = ctx.chain.transactionByHash.get(hash.toLowerCase());
      return index === undefined ? null : explorerTransaction(ctx, index);
    },
  },
  eth_getTransactionReceipt: {
    arities: [1],
    answer: (ctx, [hash]) => {
      if (typeof hash !== 'string' || !HASH.test(hash)) throw new ExplorerError('Transaction hash is invalid');
      const index = ctx.chain.transactionByHash.get(hash.toLowerCase());
      return index === undefined ? null : explorerReceipt(ctx, index);
    },
  },
};

/** One request's answer (`EthRPC.responses`), with the id as the explorer writes it back. */
function respond(ctx: RpcContext, node: NodeState, request: unknown): { id: unknown; answer: Answer } {
  if (request === null || typeof request !== 'object' || Array.isArray(request))
    return { id: null, answer: { error: 'Method, and jsonrpc are required parameters.' } };
  const r = request as Json;
  if (!('id' in r)) return { id: 0, answer: { error: 'id is a required field' } };
  const answer = ((): Answer => {
    if ('jsonrpc' in r && r.jsonrpc !== '2.0') return { error: 'invalid rpc version' };
    if (!('method' in r)) return { error: 'Method, and jsonrpc are required parameters.' };
    if (!('jsonrpc' in r) && 'params' in r) return { error: 'Invalid params. Params must be a list.' };
    if (!('jsonrpc' in r)) return { error: 'Method, and jsonrpc are required parameters.' };
    const params = 'params' in r ? r.params : [];
    if (!Array.isArray(params)) return { error: 'Invalid params. Params must be a list.' };
    const method = String(r.method);
    try {
      const native = Object.hasOwn(NATIVE, method) ? NATIVE[method] : undefined;
      if (native) {
        if (!native.arities.includes(params.length)) return { error: 'Incorrect number of params.' };
        return { result: native.answer(ctx, params) };
      }
      const proxied = Object.hasOwn(PROXIED, method) ? PROXIED[method] : undefined;
      if (!proxied) return { error: 'Action not found.' };
      if (params.length !== proxied.arity) return { error: 'Incorrect number of params.' };
      proxied.check(params);
      return viaNode(ctx, node, method, params);
    } catch (error) {
      if (error instanceof ExplorerError) return { error: error.message };
      throw error;
    }
  })();
  return { id: r.id, answer };
}

/** The envelope as the explorer's view writes it: its own spacing, an id that is not an integer quoted, a trailing newline. */
function envelope({ id, answer }: { id: unknown; answer: Answer }): string {
  const idText =
    typeof id === 'number' && Number.isInteger(id)
      ? String(id)
      : `"${id === null || id === undefined ? '' : String(id)}"`;
  const part =
    'result' in answer
      ? `"result": ${JSON.stringify(answer.result)}`
      : `"error": ${typeof answer.error === 'string' ? `"${answer.error}"` : JSON.stringify(answer.error)}`;
  return `{"jsonrpc":"2.0",${part},"id": ${idText}}\n`;
}

/** The answer to a POST of Blockscout's ETH RPC API: HTTP status and body. */
export function blockscoutEthRpc(ctx: RpcContext, node: NodeState, body: string): { status: number; body: string } {
  let request: unknown;
  try {
    request = JSON.parse(body);
  } catch {
    return { status: 400, body: JSON.stringify({ message: 'Request body is not valid JSON' }) };
  }
  if (!Array.isArray(request)) return { status: 200, body: envelope(respond(ctx, node, request)) };
  if (request.length > ETH_RPC_MAX_BATCH)
    return {
      status: 413,
      body: JSON.stringify({
        status: '0',
        message: `Payload Too Large. Max batch size is ${ETH_RPC_MAX_BATCH}`,
        result: null,
      }),
    };
  return { status: 200, body: `[${request.map((r) => envelope(respond(ctx, node, r))).join(',')}]` };
}
