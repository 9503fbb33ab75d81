import * as Hash from 'ox/Hash';
import * as OxHex from 'ox/Hex';
import type { Hex } from '../../chain/types.js';
import { CLIENT_VERSION } from '../../version.js';
import { SendRefused } from '../../protocol/errors.js';
import type { RpcContext } from '../context.js';
import { arity, type DevControls, InSteps, type NodeState, type RpcMethod } from '../method.js';
import { ModuleNotLoaded } from '../../lazy/lazyModule.js';
import { addressArg, dataArg, quantity } from '../quantity.js';
import { invalidParams, serverError } from '../rpcError.js';

/** The cheat codes of a live chain; a chain that cannot change (a bare `createApi`) has none. */
function devOf(node: NodeState): DevControls {
  if (!node.dev) throw serverError('this chain cannot change: serve it with startServer or createHandler');
  return node.dev;
}

/** Runs a cheat code, its refusals the node's -32000 with their text. */
function run<T>(node: NodeState, use: (dev: DevControls) => T): T {
  const dev = devOf(node);
  try {
    return use(dev);
  } catch (error) {
    if (error instanceof SendRefused) throw serverError(error.message);
    throw error;
  }
}

/**
 * A cheat code's work that settles later (mining waits for the sends still running on the EVM), as
 * steps the node waits on before it answers `result`; its refusals the node's -32000.
 */
function settling(node: NodeState, use: (dev: DevControls) => Promise<void>, result: unknown): InSteps {
  const work = run(node, use);
  let outcome: { readonly error: unknown } | { readonly done: true } | undefined;
  const done = work.then(
    () => void (outcome = { done: true }),
    (error: unknown) => void (outcome = { error }),
  );
  return new InSteps(
    (function* () {
      while (!outcome) yield new ModuleNotLoaded('mining', done);
      if ('error' in outcome) {
        if (outcome.error instanceof SendRefused) throw serverError(outcome.error.message);
        // Never thrown as a module still loading: the node would ask again, and mine again.
        if (outcome.error instanceof ModuleNotLoaded)
          throw new Error('mining ended on a module still loading', { cause: outcome.error });
        throw outcome.error;
      }
      return result;
    })(),
  );
}

/**
 * A number as the dev nodes take one: a JSON number, or a hex or decimal string (Anvil's U256
 * accepts leading zeros, as viem and ethers may send them).
 */
function amountArg(value: unknown, index: number, max = 2n ** 256n - 1n): bigint {
  let n: bigint | null = null;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) n = BigInt(value);
  else if (typeof value === 'string' && /^0[xX][0-9a-fA-F]{1,64}$/.test(value)) n = BigInt(value);
  else if (typeof value === 'string' && /^[0-9]{1,78}$/.test(value)) n = BigInt(value);
  if (n === null || n > max)
    throw invalidParams(`invalid argument ${index}: ${JSON.stringify(value) ?? 'undefined'} is not a number`);
  return n;
}

const secondsArg = (value: unknown, index: number): number => Number(amountArg(value, index, 2n ** 48n));

/** A 32-byte word from hex of at most 32 bytes (a slot may come as `0x0`), left-padded, lower-case. */
function wordArg(value: unknown, index: number): Hex {
  if (typeof value !== 'string' || !/^0[xX][0-9a-fA-F]{1,64}$/.test(value))
    throw invalidParams(`invalid argument ${index}: hex string of at most 32 bytes expected`);
  return `0x${value.slice(2).toLowerCase().padStart(64, '0')}`;
}

const setBalance: RpcMethod = (_ctx, params, node) => {
  arity(params, 2, 2);
  const address = addressArg(params[0], 0);
  const wei = amountArg(params[1], 1);
  run(node, (dev) => dev.setBalance(address, wei));
};

const setCode: RpcMethod = (_ctx, params, node) => {
  arity(params, 2, 2);
  const address = addressArg(params[0], 0);
  const code = dataArg(params[1], 1);
  run(node, (dev) => dev.setCode(address, code));
};

const setStorageAt: RpcMethod = (_ctx, params, node) => {
  arity(params, 3, 3);
  const address = addressArg(params[0], 0);
  const slot = wordArg(params[1], 1);
  const value = wordArg(params[2], 2);
  run(node, (dev) => dev.setStorageAt(address, slot, value));
};

/**
 * `anvil_mine` and `hardhat_mine`: `blocks` (default 1), `interval` seconds apart (default the
 * chain's pace); answers `result` (Anvil's null, Hardhat's true).
 */
const mineBlocks =
  (result: null | true): RpcMethod =>
  (_ctx, params, node) => {
    arity(params, 0, 2);
    const blocks = params[0] === undefined || params[0] === null ? 1 : Number(amountArg(params[0], 0, 10_000n));
    const interval = params[1] === undefined || params[1] === null ? undefined : secondsArg(params[1], 1);
    if (blocks === 0) return result;
    return settling(
      node,
      (dev) => dev.mine(blocks, interval === undefined || interval === 0 ? {} : { interval }),
      result,
    );
  };

/**
 * `hardhat_reset` and `anvil_reset`: back to the chain served at start, as `POST /__mock/reset`.
 * Their options may name a network to fork (viem's `reset()` sends `forking` with neither a URL
 * nor a block): one that names a URL or a block is refused, since the mock forks nothing.
 */
function resetNode(params: readonly unknown[], node: NodeState): void {
  arity(params, 0, 1);
  const options = params[0];
  if (options !== undefined && options !== null) {
    if (typeof options !== 'object' || Array.isArray(options))
      throw invalidParams('invalid argument 0: an object such as {"forking": {...}} expected');
    const forking = (options as { forking?: unknown }).forking;
    if (forking !== undefined && forking !== null) {
      if (typeof forking !== 'object' || Array.isArray(forking))
        throw invalidParams('invalid argument 0: forking must be an object');
      const { jsonRpcUrl, blockNumber } = forking as { jsonRpcUrl?: unknown; blockNumber?: unknown };
      if ((jsonRpcUrl !== undefined && jsonRpcUrl !== null) || (blockNumber !== undefined && blockNumber !== null))
        throw serverError(
          'explorer-mock forks no network: a reset returns to the chain it started with (give no forking URL or block)',
        );
    }
  }
  run(node, (dev) => dev.resetChain());
}

/** `evm_setAutomine` and `anvil_setAutomine`: one boolean. */
function setAutomine(params: readonly unknown[], node: NodeState): void {
  arity(params, 1, 1);
  const on = params[0];
  if (typeof on !== 'boolean')
    throw invalidParams(`invalid argument 0: ${JSON.stringify(on) ?? 'undefined'} is not a boolean`);
  run(node, (dev) => dev.setAutomine(on));
}

const impersonate =
  (on: boolean): RpcMethod =>
  (_ctx, params, node) => {
    arity(params, 1, 1);
    const address = addressArg(params[0], 0);
    run(node, (dev) => dev.impersonate(address, on));
  };

/** Anvil answers null where Hardhat answers true: the `anvil_` names get Anvil's, the `hardhat_` names Hardhat's. */
const asHardhat =
  (method: RpcMethod): RpcMethod =>
  (ctx, params, node) => (method(ctx, params, node), true);
const asAnvil =
  (method: RpcMethod): RpcMethod =>
  (ctx, params, node) => (method(ctx, params, node), null);

/**
 * Which node this is and which run of it, as `hardhat_metadata` tells (Hardhat Ignition reads its
 * `instanceId` on chain 31337 to tell whether its deployment journal still holds). Hardhat draws
 * the id at random at each start and reset; the mock's is a function of the chain (its genesis,
 * so of scenario and seed) and of the resets since start, so two servers answer alike, and a
 * restarted server is the same instance as before (a deployment journal written against the last
 * run needs Ignition's `--reset`).
 */
function metadata(ctx: RpcContext, node: NodeState) {
  const head = ctx.chain.blocks.at(ctx.chain.headHeight)!;
  const resets = node.dev?.resets() ?? 0;
  return {
    clientVersion: CLIENT_VERSION,
    chainId: ctx.chainId,
    instanceId: Hash.keccak256(OxHex.fromString(`explorer-mock ${ctx.chain.blocks.at(0)!.hash} ${resets}`)),
    latestBlockNumber: head.height,
    latestBlockHash: head.hash,
  };
}

/**
 * The cheat codes test suites rely on, as Anvil and Hardhat name and answer them: mining on
 * demand, the clock, snapshots, balances, code, storage and impersonation. Each is reflected in
 * every API; `reset` undoes them all.
 */
export const devNodeMethods: Record<string, RpcMethod> = {
  hardhat_getAutomine: (_ctx, params, node) => (arity(params, 0, 0), devOf(node).automine()),
  // Hardhat answers true, Anvil null (for both of its names).
  evm_setAutomine: (_ctx, params, node) => (setAutomine(params, node), true),
  hardhat_reset: (_ctx, params, node) => (resetNode(params, node), true),
  anvil_reset: (_ctx, params, node) => (resetNode(params, node), null),
  anvil_setAutomine: (_ctx, params, node) => (setAutomine(params, node), null),
  anvil_getAutomine: (_ctx, params, node) => (arity(params, 0, 0), devOf(node).automine()),
  hardhat_metadata: (ctx, params, node) => (arity(params, 0, 0), metadata(ctx, node)),
  // Anvil's (which it gives to both names): Hardhat's fields, its fork (none) and the snapshots with the head each kept.
  anvil_metadata(ctx, params, node) {
    arity(params, 0, 0);
    const snapshots = node.dev?.snapshots() ?? [];
    return {
      ...metadata(ctx, node),
      forkedNetwork: null,
      snapshots: Object.fromEntries(snapshots.map(({ id, height, hash }) => [quantity(id), [height, hash]])),
    };
  },
  evm_mine(_ctx, params, node) {
    arity(params, 0, 1);
    const timestamp = params[0] === undefined || params[0] === null ? undefined : secondsArg(params[0], 0);
    return settling(node, (dev) => dev.mine(1, timestamp === undefined ? {} : { timestamp }), '0x0');
  },
  anvil_mine: mineBlocks(null),
  hardhat_mine: mineBlocks(true),
  evm_increaseTime(_ctx, params, node) {
    arity(params, 1, 1);
    const seconds = secondsArg(params[0], 0);
    return quantity(run(node, (dev) => dev.increaseTime(seconds)));
  },
  evm_setNextBlockTimestamp(_ctx, params, node) {
    arity(params, 1, 1);
    const timestamp = secondsArg(params[0], 0);
    run(node, (dev) => dev.setNextBlockTimestamp(timestamp));
    return null;
  },
  evm_snapshot(_ctx, params, node) {
    arity(params, 0, 0);
    return quantity(run(node, (dev) => dev.snapshot()));
  },
  evm_revert(_ctx, params, node) {
    arity(params, 1, 1);
    const id = amountArg(params[0], 0);
    return run(node, (dev) => id <= BigInt(Number.MAX_SAFE_INTEGER) && dev.revert(Number(id)));
  },
  anvil_setBalance: asAnvil(setBalance),
  hardhat_setBalance: asHardhat(setBalance),
  anvil_setCode: asAnvil(setCode),
  hardhat_setCode: asHardhat(setCode),
  anvil_setStorageAt: (ctx, params, node) => (setStorageAt(ctx, params, node), true),
  hardhat_setStorageAt: asHardhat(setStorageAt),
  anvil_impersonateAccount: asAnvil(impersonate(true)),
  hardhat_impersonateAccount: asHardhat(impersonate(true)),
  anvil_stopImpersonatingAccount: asAnvil(impersonate(false)),
  hardhat_stopImpersonatingAccount: asHardhat(impersonate(false)),
};
