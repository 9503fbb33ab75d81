/**
 * A live chain whose sends run on the EVM, in process: the test contracts' artifacts
 * (test/fixtures/contracts, compiled by scripts/compileTestContracts.mjs), signing with the test
 * keys, and reading what the node and the explorer answer.
 */
import { readFileSync } from 'node:fs';
import type { Abi } from 'abitype';
import * as AbiConstructor from 'ox/AbiConstructor';
import * as AbiFunction from 'ox/AbiFunction';
import '../../src/app/loadModulesEagerly.js';
import { buildChain, createChainBuilder } from '../../generators/buildChain.js';
import type { Hex } from '../../src/chain/types.js';
import { factsOf } from '../../src/domain/facts.js';
import { createEvmExecutor } from '../../src/execution/evmExecutor.js';
import type { CallRequest } from '../../src/execution/executor.js';
import { lazyModule } from '../../src/lazy/lazyModule.js';
import { isSteps, runAtOnce } from '../../src/lazy/steps.js';
import { createLiveChain, type LiveChain } from '../../src/live/liveChain.js';
import { ETHEREUM } from '../../src/protocol/chainSpec.js';
import { decodeSigned, signTransaction } from '../../src/protocol/signedTransaction.js';
import type { BuildChainOptions } from '../../generators/chainInput.js';

export interface Artifact {
  readonly contractName: string;
  readonly abi: Abi;
  readonly bytecode: Hex;
  readonly deployedBytecode: Hex;
  readonly compiler: string;
  readonly sourceName: string;
  readonly standardJson: unknown;
}

export const artifact = (name: 'Counter' | 'Token' | 'Spender' | 'Receiver' | 'Mirror'): Artifact =>
  JSON.parse(readFileSync(new URL(`../fixtures/contracts/${name}.json`, import.meta.url), 'utf8')) as Artifact;

/** A served chain whose executor is the EVM's, and what a test does with it. */
export function evmChain(build: BuildChainOptions, options: { automine?: boolean } = {}) {
  const chain = buildChain(build);
  const executor = createEvmExecutor();
  const live: LiveChain = createLiveChain(chain, {
    profile: 'blockscout',
    build,
    createBuilder: createChainBuilder,
    executor: lazyModule('the EVM executor', async () => executor),
    automine: options.automine ?? true,
  });
  /** Signs and sends a transaction from `key`, as a wallet would: its next nonce, gas given, EIP-1559 fees. */
  const send = async (key: Hex, tx: { to: string | null; data?: Hex; value?: bigint; gas?: number }) => {
    const from = decodeSigned(
      signTransaction(
        { to: tx.to, nonce: 0, value: 0n, gas: 21_000, data: '0x', chainId: chain.chainId, fees: { gasPrice: 1n } },
        key,
      ),
      chain.chainId,
      ETHEREUM.transactionTypes,
    ).from;
    const head = live.current.chain;
    const baseFee = head.blocks.at(head.headHeight)!.baseFeePerGas;
    const raw = signTransaction(
      {
        to: tx.to,
        nonce: live.nextNonce(from),
        value: tx.value ?? 0n,
        gas: tx.gas ?? 1_000_000,
        data: tx.data ?? '0x',
        chainId: chain.chainId,
        fees: { maxFeePerGas: 3n * baseFee + 10n ** 9n, maxPriorityFeePerGas: 10n ** 9n },
      },
      key,
    );
    const sent = decodeSigned(raw, chain.chainId, ETHEREUM.transactionTypes);
    await live.execute(sent);
    const now = live.current.chain;
    const index = now.transactionByHash.get(sent.hash)!;
    return { hash: sent.hash, index, transaction: now.transactions.at(index)!, chain: now };
  };
  /** Deploys an artifact with its constructor arguments; the created address, lower-case. */
  const deploy = async (key: Hex, art: Artifact, args: readonly unknown[] = []) => {
    const constructor = art.abi.find((x) => x.type === 'constructor');
    const data = constructor
      ? AbiConstructor.encode(AbiConstructor.from(constructor as never), {
          bytecode: art.bytecode,
          args: args as never,
        })
      : art.bytecode;
    const sent = await send(key, { to: null, data });
    return { ...sent, address: sent.chain.accounts[sent.transaction.createdId]?.lower };
  };
  /** A view through the executor at the head, decoded. */
  const read = async (art: Artifact, to: string, name: string, args: readonly unknown[] = [], from?: string) => {
    const fn = AbiFunction.fromAbi(art.abi as never, name as never) as AbiFunction.AbiFunction;
    const now = live.current.chain;
    const request: CallRequest = { from: from ?? null, to, data: AbiFunction.encodeData(fn, args as never), value: 0n };
    const answer = await executor.call({ chain: now, facts: factsOf(now) }, request, now.headHeight);
    // A call of Multicall3 answers in steps, run here at once.
    const result = isSteps(answer) ? runAtOnce(answer) : answer;
    if (!result.ok) return { reverted: result };
    return { value: AbiFunction.decodeResult(fn, result.returnData) as unknown };
  };
  const calldata = (art: Artifact, name: string, args: readonly unknown[] = []) =>
    AbiFunction.encodeData(
      AbiFunction.fromAbi(art.abi as never, name as never) as AbiFunction.AbiFunction,
      args as never,
    );
  return { chain, live, executor, send, deploy, read, calldata };
}
