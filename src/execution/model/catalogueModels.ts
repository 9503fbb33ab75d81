import * as Address from 'ox/Address';
import { coinToTokens, tokensToCoin } from '../../../generators/contracts/routerQuote.js';
import { logBlockOf } from '../../chain/logs.js';
import { NONE } from '../../chain/types.js';
import { depositDataRoot, depositRoot, fromLittleEndian64, littleEndian64 } from '../../protocol/beaconDeposit.js';
import { artifactsOf, codeAt } from '../../domain/contracts.js';
import { logEventOf } from '../../domain/logs.js';
import { tokenOf } from '../../domain/tokens.js';
import type { CallEnv } from './callEnv.js';
import { type ModelOutcome, NotModelled, returns, reverts } from './outcome.js';

const lowerOf = (address: unknown) => String(address).toLowerCase();

/** The events a contract emitted up to the block asked, oldest first. */
function* eventsOf(env: CallEnv, id: number, name: string) {
  const { chain } = env.ctx;
  for (const ref of chain.indexes.at(id)!.logs) {
    if (ref < 0) continue;
    if (logBlockOf(chain, ref) > env.height) break;
    const e = logEventOf(env.ctx.facts, ref);
    if (e.name === name) yield e.args;
  }
}

/** `sum` of an event's amount (argument `amount`) for the events whose first argument is `account` (any, when undefined). */
function total(env: CallEnv, id: number, name: string, account: string | undefined, amount: number): bigint {
  let sum = 0n;
  for (const args of eventsOf(env, id, name))
    if (account === undefined || lowerOf(args[0]) === account) sum += BigInt(args[amount] as bigint);
  return sum;
}

/** The deposit data roots of the deposits the contract logged up to the block asked, in index order. */
const depositLeaves = (env: CallEnv): `0x${string}`[] =>
  [...eventsOf(env, env.self, 'DepositEvent')].map((args) => {
    const [pubkey, withdrawalCredentials, amount, signature] = args as `0x${string}`[];
    return depositDataRoot({
      pubkey: pubkey!,
      withdrawalCredentials: withdrawalCredentials!,
      amountGwei: fromLittleEndian64(amount!),
      signature: signature!,
    });
  });

function last(env: CallEnv, id: number, name: string): readonly unknown[] | undefined {
  let found: readonly unknown[] | undefined;
  for (const args of eventsOf(env, id, name)) found = args;
  return found;
}

/** The token a router trades against its wrapped coin: the first one it moved. */
function routerToken(env: CallEnv): number | undefined {
  const { chain } = env.ctx;
  for (const t of chain.indexes.at(env.self)!.tokenTransfers) {
    const transfer = chain.tokenTransfers.at(t)!;
    if (transfer.block > env.height) break;
    return transfer.tokenId;
  }
  return undefined;
}

/** `getAmountsOut(amountIn, path)` of the router's fixed quote: the wrapped coin and its token, either way. */
function amountsOut(env: CallEnv, amountIn: bigint, path: readonly string[]): ModelOutcome {
  const { chain } = env.ctx;
  const weth = lowerOf(chain.accounts[env.self]!.contract!.constructorArgs[1]);
  const tokenId = routerToken(env);
  const token = tokenId === undefined ? undefined : chain.accounts[tokenId]!.lower;
  const [a, b] = path.map(lowerOf);
  if (path.length !== 2 || token === undefined) return reverts('UniswapV2Library: INVALID_PATH');
  const decimals = tokenOf(env.ctx.facts, tokenId!).decimals;
  if (a === weth && b === token) return returns([amountIn, coinToTokens(amountIn, decimals)]);
  if (a === token && b === weth) return returns([amountIn, tokensToCoin(amountIn, decimals)]);
  return reverts('UniswapV2Library: INVALID_PATH');
}

/** The owner a contract behind a proxy was initialized with (`initialize(owner)` called on it or through a proxy of it), or the zero address. */
function initializedOwner(env: CallEnv): string {
  const { chain } = env.ctx;
  for (const t of chain.indexes.at(env.self)!.transactionsTo) {
    const tx = chain.transactions.at(t)!;
    if (tx.block > env.height) break;
    if (tx.status === 'ok' && tx.call?.functionName === 'initialize') return lowerOf(tx.call.args[0]);
  }
  return '0x0000000000000000000000000000000000000000';
}

/** The fee a staking pool charges: its last `FeeChanged`, else what its verified source's `initialize` sets (0 before it runs). */
function feeBps(env: CallEnv, codeId: number): bigint {
  const changed = last(env, env.self, 'FeeChanged');
  if (changed) return BigInt(changed[0] as bigint);
  if (initializedOwner(env) === '0x0000000000000000000000000000000000000000') return 0n;
  const set = /feeBps = (\d+);/.exec(artifactsOf(env.ctx.facts, codeId).sourceCode);
  return set ? BigInt(set[1]!) : 0n;
}

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** An EntryPoint's `getNonce(sender, key)`: key << 64 | the next sequence, after the operations it reported for that sender and key. */
function entryPointNonce(env: CallEnv, sender: string, key: bigint): bigint {
  let next = 0n;
  for (const args of eventsOf(env, env.self, 'UserOperationEvent')) {
    const nonce = BigInt(args[3] as bigint);
    if (lowerOf(args[1]) === sender && nonce >> 64n === key) next = (nonce & ((1n << 64n) - 1n)) + 1n;
  }
  return (key << 64n) | next;
}

/** An EntryPoint's `balanceOf(account)`: its deposit as `Deposited` last set it, less what its operations cost since (as payer: the paymaster, else the sender). */
function entryPointDeposit(env: CallEnv, account: string): bigint {
  const { chain } = env.ctx;
  let deposit = 0n;
  for (const ref of chain.indexes.at(env.self)!.logs) {
    if (ref < 0) continue;
    if (logBlockOf(chain, ref) > env.height) break;
    const e = logEventOf(env.ctx.facts, ref);
    if (e.name === 'Deposited' && lowerOf(e.args[0]) === account) deposit = BigInt(e.args[1] as bigint);
    if (e.name === 'UserOperationEvent') {
      const payer = lowerOf(e.args[2]) === ZERO_ADDRESS ? lowerOf(e.args[1]) : lowerOf(e.args[2]);
      if (payer === account) deposit -= BigInt(e.args[5] as bigint);
    }
  }
  return deposit;
}

/**
 * What the catalogue's contracts answer from the ledger: a router's factory, wrapped coin and
 * quote; a vault's deposits; an oracle's answers; a multisig's owners; a proxy's implementation
 * and admin (to its admin; anyone else's call goes to the implementation); a staking pool's
 * owner, fee and stakes. `codeId` is the contract whose code runs (a proxy's implementation).
 */
export function catalogueModel(
  env: CallEnv,
  codeId: number,
  name: string,
  args: readonly unknown[],
): ModelOutcome | NotModelled {
  const { chain } = env.ctx;
  const contract = chain.accounts[env.self]!.contract!;
  const code = chain.accounts[codeId]!.contract!;
  const argsOf = code.constructorArgs;
  switch (`${code.kind}:${name}`) {
    case 'router:factory':
    case 'vault:oracle':
    case 'lending-pool:oracle':
    case 'vyper-escrow:arbiter':
      return returns(lowerOf(argsOf[0]));
    case 'router:WETH':
      return returns(lowerOf(argsOf[1]));
    case 'router:getAmountsOut':
      return amountsOut(env, args[0] as bigint, args[1] as string[]);
    case 'vault:balanceOf':
      return returns(
        total(env, env.self, 'Deposited', lowerOf(args[0]), 1) - total(env, env.self, 'Withdrawn', lowerOf(args[0]), 1),
      );
    case 'vault:totalDeposits':
      return returns(total(env, env.self, 'Deposited', undefined, 1) - total(env, env.self, 'Withdrawn', undefined, 1));
    case 'oracle:decimals':
      return returns(argsOf[0]);
    case 'oracle:description':
      return returns(String(argsOf[1]));
    case 'oracle:latestAnswer':
      return returns(BigInt((last(env, env.self, 'AnswerUpdated')?.[0] as bigint | undefined) ?? 0n));
    case 'oracle:latestRound':
      return returns(BigInt((last(env, env.self, 'AnswerUpdated')?.[1] as bigint | undefined) ?? 0n));
    case 'multisig:required':
      return returns(argsOf[1]);
    case 'multisig:isOwner':
      return returns((argsOf[0] as string[]).map(lowerOf).includes(lowerOf(args[0])));
    case 'destructible:owner':
      return returns(
        contract.creatorId === NONE
          ? '0x0000000000000000000000000000000000000000'
          : chain.accounts[contract.creatorId]!.lower,
      );
    case 'destructible:pings':
      return returns(BigInt([...eventsOf(env, env.self, 'Pinged')].length));
    case 'implementation:owner':
      return returns(initializedOwner(env));
    case 'implementation:feeBps':
      return returns(feeBps(env, codeId));
    case 'implementation:stakeOf':
      return returns(
        total(env, env.self, 'Staked', lowerOf(args[0]), 1) - total(env, env.self, 'Unstaked', lowerOf(args[0]), 1),
      );
    case 'library:isContract': {
      const id = chain.accountByHash.get(lowerOf(args[0]));
      return returns(id !== undefined && codeAt(env.ctx.facts, id, env.height) !== '0x');
    }
    case 'entry-point-v06:getNonce':
    case 'entry-point-v07:getNonce':
      return returns(entryPointNonce(env, lowerOf(args[0]), BigInt(args[1] as bigint)));
    case 'entry-point-v06:balanceOf':
    case 'entry-point-v07:balanceOf':
      return returns(entryPointDeposit(env, lowerOf(args[0])));
    case 'deposit-contract:get_deposit_count':
      return returns(littleEndian64(BigInt(depositLeaves(env).length)));
    case 'deposit-contract:get_deposit_root':
      return returns(depositRoot(depositLeaves(env)));
    case 'deposit-contract:supportsInterface':
      return returns(['0x01ffc9a7', '0x85640907'].includes(lowerOf(args[0])));
    case 'library:toChecksumString':
      return returns(Address.checksum(lowerOf(args[0]) as `0x${string}`));
    default:
      return new NotModelled(`${code.name}.${name}`);
  }
}
