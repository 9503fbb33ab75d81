import { parseTokenAmount } from '../../scenarios/entities.js';
import { deployToken } from '../activity/deploy.js';
import { gas, hashOf } from '../activity/pick.js';
import type { LedgerState } from '../ledger/state.js';
import type { Cast } from './cast.js';
import { type ScriptStep, spreadSteps } from './step.js';
import { contractNameOf, tokenIdentity } from './tokenIdentity.js';

const KIND = { 'ERC-20': 'erc20', 'ERC-721': 'erc721', 'ERC-1155': 'erc1155', 'ERC-404': 'erc404' } as const;

/**
 * The scenario's named tokens: the deployer deploys each at set-up with its name, symbol and
 * decimals (price and icon drawn as for any token), then mints each holder's amount or ids. They
 * are not among the tokens random activity uses, so their holders, supply and owners are exactly
 * what the file says (an ERC-20 is deployed with no initial supply).
 */
export function namedTokenSteps(state: LedgerState, cast: Cast): ScriptStep[] {
  const deployed = cast.namedTokens;
  const steps: ScriptStep[] = [];
  const mints: Omit<ScriptStep, 'notBefore'>[] = [];
  const issuer = cast.deployerId;
  for (const spec of state.scenario.entities?.tokens ?? []) {
    const drawn = tokenIdentity(state.seed, `named:${spec.symbol}`, spec.type);
    const decimals = spec.type === 'ERC-20' || spec.type === 'ERC-404' ? (spec.decimals ?? 18) : 0;
    const identity = { ...drawn, name: spec.name, symbol: spec.symbol, decimals, ...(spec.metadata ? { metadata: spec.metadata } : {}) };
    steps.push({
      label: `setup:named-token:${spec.symbol}`,
      notBefore: 1,
      plan: (s) => {
        const plan = deployToken(s, issuer, spec.type, `named:${spec.symbol}`, { name: contractNameOf(spec.name) }, identity);
        if (!plan?.create || spec.type !== 'ERC-20') return plan;
        // No initial supply: the holders the file names hold all of it.
        const { transfers: _supply, ...rest } = plan;
        return { ...rest, create: { ...plan.create, constructorArgs: [...plan.create.constructorArgs.slice(0, 3), 0n] } };
      },
      after: (s, t) => {
        const id = s.state.transactions[t]!.createdId;
        deployed.set(spec.symbol, id);
        s.cast.issuer.set(id, issuer);
      },
    });
    for (const [holder, held] of Object.entries(spec.holders ?? {})) {
      const toId = cast.named.get(holder)!;
      const label = `special:named-token:${spec.symbol}:${holder}`;
      if (typeof held === 'string') {
        const amount = parseTokenAmount(held, decimals) as bigint;
        mints.push({
          label,
          plan: (s) => {
            const tokenId = deployed.get(spec.symbol)!;
            return { fromId: issuer, toId: tokenId, value: 0n, call: { contractKind: 'erc20', functionName: 'mint', args: [hashOf(s, toId), amount] }, ...gas(s, 36_000, 70_000), transfers: [{ tokenId, fromId: cast.zeroId, toId, tokenIds: null, amounts: [amount] }] };
          },
        });
        continue;
      }
      for (const id of held) {
        mints.push({
          label: `${label}:${id}`,
          plan: (s) => {
            const tokenId = deployed.get(spec.symbol)!;
            const unit = s.state.tokens.get(tokenId)!.unit;
            const args = spec.type === 'ERC-1155' ? [hashOf(s, toId), BigInt(id), 1n, '0x'] : [hashOf(s, toId), BigInt(id)];
            return { fromId: issuer, toId: tokenId, value: 0n, call: { contractKind: KIND[spec.type], functionName: 'mint', args }, ...gas(s, 60_000, 120_000), transfers: [{ tokenId, fromId: cast.zeroId, toId, tokenIds: [BigInt(id)], amounts: [unit] }] };
          },
        });
      }
    }
  }
  return [...steps, ...spreadSteps(mints, state.scenario.blocks, 0.3)];
}
