import type { ContractKind } from '../../src/chain/types.js';
import { coinToTokens, tokensToCoin } from '../contracts/routerQuote.js';
import type { TxPlan } from '../ledger/plan.js';
import type { Scene } from './context.js';
import { canAfford, gas, hashOf, pickAccount, pickOther, roundAmount } from './pick.js';

const ETHER = 10n ** 18n;
const MAX_DEPOSIT = 500n * ETHER;
const depositKey = (contractId: number, userId: number) => `${contractId}:${userId}`;

function deposit(scene: Scene, contractId: number, userId: number, amount: bigint): void {
  const key = depositKey(contractId, userId);
  const next = (scene.cast.deposits.get(key) ?? 0n) + amount;
  if (next === 0n) scene.cast.deposits.delete(key);
  else scene.cast.deposits.set(key, next);
}

/** A payable call that deposits coin into a vault-like contract and remembers who owns it. */
function payIn(
  scene: Scene,
  contractId: number | undefined,
  kind: ContractKind,
  functionName: string,
  extra: Partial<TxPlan> = {},
): TxPlan | null {
  if (contractId === undefined) return null;
  const fromId = pickAccount(scene);
  const balance = scene.state.accounts[fromId]!.balance;
  const share = (balance * BigInt(scene.rng.int(1, 200))) / 2_000n;
  // Capped, so the whale's deposits do not make a contract richer than the whale.
  const value = roundAmount(share < MAX_DEPOSIT ? share : MAX_DEPOSIT - BigInt(scene.rng.int(0, 1_000)) * 10n ** 15n);
  if (value === 0n || !canAfford(scene, fromId, value, 150_000)) return null;
  return {
    fromId,
    toId: contractId,
    value,
    call: { contractKind: kind, functionName, args: [] },
    ...gas(scene, 45_000, 110_000),
    events: 1,
    ...extra,
    onApplied: () => deposit(scene, contractId, fromId, value),
  };
}

/** A depositor takes coin back out: the contract pays it with an internal call. */
function payOut(
  scene: Scene,
  contractId: number | undefined,
  kind: ContractKind,
  functionName: string,
  delegateTo?: number,
): TxPlan | null {
  if (contractId === undefined) return null;
  const userId = pickAccount(scene);
  const owed = scene.cast.deposits.get(depositKey(contractId, userId)) ?? 0n;
  if (owed === 0n || !canAfford(scene, userId, 0n, 150_000)) return null;
  const amount = scene.rng.chance(0.5) ? owed : roundAmount(owed / 2n) || owed;
  const base = {
    fromId: userId,
    toId: contractId,
    value: 0n,
    call: { contractKind: kind, functionName, args: functionName === 'refund' ? [] : [amount] },
  };
  if (scene.rng.chance(0.04)) {
    return {
      ...base,
      call: { ...base.call, args: functionName === 'refund' ? [] : [owed * 2n] },
      ...gas(scene, 24_000, 35_000),
      revertReason: 'insufficient balance',
    };
  }
  const internals = [
    ...(delegateTo !== undefined
      ? [{ type: 'delegatecall' as const, fromId: contractId, toId: delegateTo, value: 0n, gasLimit: 80_000n }]
      : []),
    { type: 'call' as const, fromId: contractId, toId: userId, value: amount, gasLimit: 2_300n },
  ];
  return {
    ...base,
    ...gas(scene, 40_000, 90_000),
    events: 1,
    internals,
    onApplied: () => deposit(scene, contractId, userId, -amount),
  };
}

const oracleRead = (scene: Scene, fromId: number) =>
  scene.cast.contracts.oracle === undefined
    ? []
    : [{ type: 'staticcall' as const, fromId, toId: scene.cast.contracts.oracle, value: 0n, gasLimit: 30_000n }];

export const vaultDeposit = (scene: Scene) => {
  const vault = scene.cast.contracts.vault;
  return vault === undefined ? null : payIn(scene, vault, 'vault', 'deposit', { internals: oracleRead(scene, vault) });
};
export const vaultWithdraw = (scene: Scene) => payOut(scene, scene.cast.contracts.vault, 'vault', 'withdraw');

export const proxyStake = (scene: Scene, minimal: boolean) => {
  const { contracts } = scene.cast;
  const proxy = minimal
    ? contracts.minimalProxies[scene.rng.int(0, Math.max(0, contracts.minimalProxies.length - 1))]
    : contracts.proxy;
  if (proxy === undefined || contracts.implementation === undefined) return null;
  return payIn(scene, proxy, 'implementation', 'stake', {
    internals: [{ type: 'delegatecall', fromId: proxy, toId: contracts.implementation, value: 0n, gasLimit: 90_000n }],
  });
};
export const proxyUnstake = (scene: Scene, minimal: boolean) => {
  const { contracts } = scene.cast;
  const proxy = minimal
    ? contracts.minimalProxies[scene.rng.int(0, Math.max(0, contracts.minimalProxies.length - 1))]
    : contracts.proxy;
  return payOut(scene, proxy, 'implementation', 'unstake', contracts.implementation);
};

export const escrowDeposit = (scene: Scene) =>
  payIn(scene, scene.cast.contracts.vyperEscrow, 'vyper-escrow', 'deposit');
export const escrowRefund = (scene: Scene) => payOut(scene, scene.cast.contracts.vyperEscrow, 'vyper-escrow', 'refund');

/** The arbiter releases one depositor's escrow to a recipient. */
export function escrowRelease(scene: Scene): TxPlan | null {
  const escrow = scene.cast.contracts.vyperEscrow;
  if (escrow === undefined) return null;
  const arbiter = scene.cast.deployerId;
  const depositor = pickAccount(scene);
  const owed = scene.cast.deposits.get(depositKey(escrow, depositor)) ?? 0n;
  if (owed === 0n || !canAfford(scene, arbiter, 0n, 80_000)) return null;
  const recipient = pickOther(scene, depositor);
  return {
    onApplied: () => deposit(scene, escrow, depositor, -owed),
    fromId: arbiter,
    toId: escrow,
    value: 0n,
    call: { contractKind: 'vyper-escrow', functionName: 'release', args: [hashOf(scene, recipient)] },
    ...gas(scene, 35_000, 60_000),
    events: 1,
    internals: [{ type: 'call', fromId: escrow, toId: recipient, value: owed, gasLimit: 2_300n }],
  };
}

/** Swaps coin for the router's token, or the token back for coin. */
export function routerSwap(scene: Scene, coinIn: boolean): TxPlan | null {
  const { router } = scene.cast.contracts;
  const [wethId, tokenId] = scene.cast.tokens['ERC-20'];
  if (router === undefined || wethId === undefined || tokenId === undefined) return null;
  const token = scene.state.tokens.get(tokenId)!;
  const decimals = scene.state.accounts[tokenId]!.contract!.token!.decimals;
  // A fixed quote keeps the example simple: 2,000 tokens per coin (`routerQuote.ts`).
  const toTokens = (wei: bigint) => coinToTokens(wei, decimals);
  const toWei = (units: bigint) => tokensToCoin(units, decimals);
  const path = [hashOf(scene, wethId), hashOf(scene, tokenId)];
  const deadline = BigInt(scene.ctx.timestamp + 1_200);
  const fromId = pickAccount(scene);
  if (coinIn) {
    const value = roundAmount((scene.state.accounts[fromId]!.balance * BigInt(scene.rng.int(1, 100))) / 1_000n);
    const out = toTokens(value);
    if (
      value === 0n ||
      out === 0n ||
      (token.balances.get(router) ?? 0n) < out ||
      !canAfford(scene, fromId, value, 200_000)
    )
      return null;
    const args = [out, path, hashOf(scene, fromId), deadline];
    const call = { contractKind: 'router' as const, functionName: 'swapExactETHForTokens', args };
    if (scene.rng.chance(0.04)) {
      return {
        fromId,
        toId: router,
        value,
        call: { ...call, args: [out * 2n, ...args.slice(1)] },
        ...gas(scene, 30_000, 45_000),
        revertReason: 'UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT',
      };
    }
    return {
      fromId,
      toId: router,
      value,
      call,
      ...gas(scene, 110_000, 180_000),
      events: 1,
      internals: [
        ...oracleRead(scene, router),
        { type: 'call', fromId: router, toId: tokenId, value: 0n, gasLimit: 60_000n },
      ],
      transfers: [{ tokenId, fromId: router, toId: fromId, tokenIds: null, amounts: [out] }],
    };
  }
  const held = token.balances.get(fromId) ?? 0n;
  const amountIn = roundAmount((held * BigInt(scene.rng.int(1, 100))) / 100n);
  const out = toWei(amountIn);
  if (out === 0n || scene.state.accounts[router]!.balance < out || !canAfford(scene, fromId, 0n, 200_000)) return null;
  return {
    fromId,
    toId: router,
    value: 0n,
    call: {
      contractKind: 'router',
      functionName: 'swapExactTokensForETH',
      args: [amountIn, out, path, hashOf(scene, fromId), deadline],
    },
    ...gas(scene, 120_000, 190_000),
    events: 1,
    internals: [
      ...oracleRead(scene, router),
      { type: 'call', fromId: router, toId: tokenId, value: 0n, gasLimit: 60_000n },
      { type: 'call', fromId: router, toId: fromId, value: out, gasLimit: 2_300n },
    ],
    transfers: [{ tokenId, fromId, toId: router, tokenIds: null, amounts: [amountIn] }],
  };
}

/** The oracle's owner posts a new answer. */
export function oracleUpdate(scene: Scene): TxPlan | null {
  const oracle = scene.cast.contracts.oracle;
  if (oracle === undefined || !canAfford(scene, scene.cast.deployerId, 0n, 80_000)) return null;
  const answer = BigInt(scene.rng.int(150_000, 450_000)) * 1_000_000n;
  return {
    fromId: scene.cast.deployerId,
    toId: oracle,
    value: 0n,
    call: { contractKind: 'oracle', functionName: 'updateAnswer', args: [answer] },
    ...gas(scene, 28_000, 50_000),
    events: 1,
  };
}

/** An owner executes a multisig payment; one in ten hits a recipient that reverts (the transaction still succeeds). */
export function multisigExecute(scene: Scene): TxPlan | null {
  const multisig = scene.cast.contracts.multisig;
  if (multisig === undefined) return null;
  const owner = scene.rng.pick([scene.cast.deployerId, scene.cast.eoas[1]!, scene.cast.eoas[2]!]);
  const funds = scene.state.accounts[multisig]!.balance;
  const value = roundAmount(funds / BigInt(scene.rng.int(20, 200)));
  if (value === 0n || !canAfford(scene, owner, 0n, 120_000)) return null;
  // The vault's fallback rejects plain payments, so a payment to it fails inside the call.
  const vault = scene.cast.contracts.vault;
  const failing = vault !== undefined && scene.rng.chance(0.1);
  const target = failing ? vault : pickAccount(scene);
  const txId = BigInt(scene.rng.int(0, 500));
  return {
    fromId: owner,
    toId: multisig,
    value: 0n,
    call: { contractKind: 'multisig', functionName: 'executeTransaction', args: [txId] },
    ...gas(scene, 50_000, 95_000),
    events: 1,
    internals: [
      {
        type: 'call',
        fromId: multisig,
        toId: target,
        value,
        gasLimit: 50_000n,
        ...(failing ? { error: 'execution reverted' } : {}),
      },
    ],
  };
}

/** A liquidator repays a debt in one token and seizes collateral in another. */
export function liquidation(scene: Scene, liquidatorId?: number): TxPlan | null {
  const pool = scene.cast.contracts.lendingPool;
  const [collateralId, debtId] = [scene.cast.tokens['ERC-20'][2], scene.cast.tokens['ERC-20'][1]];
  if (pool === undefined || collateralId === undefined || debtId === undefined) return null;
  const debtLedger = scene.state.tokens.get(debtId)!;
  const holders = debtLedger.holders.items;
  if (!holders.length) return null;
  const liquidator = liquidatorId ?? holders[scene.rng.int(0, holders.length - 1)]!;
  if (
    !debtLedger.balances.get(liquidator) ||
    scene.state.accounts[liquidator]!.contract ||
    (liquidatorId === undefined && scene.cast.quiet.has(liquidator)) ||
    !canAfford(scene, liquidator, 0n, 400_000)
  )
    return null;
  const debt = roundAmount((debtLedger.balances.get(liquidator)! * BigInt(scene.rng.int(1, 50))) / 100n);
  const reserve = scene.state.tokens.get(collateralId)!.balances.get(pool) ?? 0n;
  const [debtToken, collateralToken] = [
    scene.state.accounts[debtId]!.contract!.token!,
    scene.state.accounts[collateralId]!.contract!.token!,
  ];
  const collateral = roundAmount(
    (debt * 105n * 10n ** BigInt(collateralToken.decimals)) / (100n * 10n ** BigInt(debtToken.decimals)),
  );
  if (debt === 0n || collateral === 0n || collateral > reserve) return null;
  const borrower = pickOther(scene, liquidator);
  const units = (amount: bigint, decimals: number) => {
    const text = amount.toString().padStart(decimals + 1, '0');
    const whole = text.slice(0, text.length - decimals);
    const frac = text.slice(text.length - decimals).replace(/0+$/, '');
    return frac ? `${whole}.${frac}` : whole;
  };
  return {
    fromId: liquidator,
    toId: pool,
    value: 0n,
    call: {
      contractKind: 'lending-pool',
      functionName: 'liquidationCall',
      args: [hashOf(scene, collateralId), hashOf(scene, debtId), hashOf(scene, borrower), debt, false],
    },
    ...gas(scene, 220_000, 360_000),
    events: 2,
    internals: oracleRead(scene, pool),
    transfers: [
      { tokenId: debtId, fromId: liquidator, toId: pool, tokenIds: null, amounts: [debt] },
      { tokenId: collateralId, fromId: pool, toId: liquidator, tokenIds: null, amounts: [collateral] },
    ],
    actions: [
      {
        protocol: 'aave_v3',
        type: 'liquidation_call',
        data: {
          debt_amount: units(debt, debtToken.decimals),
          debt_symbol: debtToken.symbol,
          debt_address: hashOf(scene, debtId),
          collateral_amount: units(collateral, collateralToken.decimals),
          collateral_symbol: collateralToken.symbol,
          collateral_address: hashOf(scene, collateralId),
          block_number: scene.ctx.height,
        },
      },
    ],
  };
}

/** A holder supplies the collateral token to the lending pool. */
export function lendingDeposit(scene: Scene): TxPlan | null {
  const pool = scene.cast.contracts.lendingPool;
  const assetId = scene.cast.tokens['ERC-20'][2];
  if (pool === undefined || assetId === undefined) return null;
  const ledger = scene.state.tokens.get(assetId)!;
  const holders = ledger.holders.items;
  if (!holders.length) return null;
  const fromId = holders[scene.rng.int(0, holders.length - 1)]!;
  if (scene.state.accounts[fromId]!.contract || scene.cast.quiet.has(fromId) || !canAfford(scene, fromId, 0n, 250_000))
    return null;
  const amount = roundAmount((ledger.balances.get(fromId)! * BigInt(scene.rng.int(1, 60))) / 100n);
  if (amount === 0n) return null;
  return {
    fromId,
    toId: pool,
    value: 0n,
    call: {
      contractKind: 'lending-pool',
      functionName: 'deposit',
      args: [hashOf(scene, assetId), amount, hashOf(scene, fromId), 0],
    },
    ...gas(scene, 150_000, 240_000),
    events: 1,
    transfers: [{ tokenId: assetId, fromId, toId: pool, tokenIds: null, amounts: [amount] }],
  };
}

/** Anyone pings the destructible contract while it lives. */
export function destructiblePing(scene: Scene): TxPlan | null {
  const target = scene.cast.contracts.destructible;
  if (target === undefined || scene.state.accounts[target]!.contract!.creationStatus !== 'success') return null;
  const fromId = pickAccount(scene);
  if (!canAfford(scene, fromId, 0n, 50_000)) return null;
  return {
    fromId,
    toId: target,
    value: 0n,
    call: { contractKind: 'destructible', functionName: 'ping', args: [] },
    ...gas(scene, 23_000, 30_000),
    events: 1,
  };
}
