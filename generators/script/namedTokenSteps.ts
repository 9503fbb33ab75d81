import { parseTokenAmount } from '../../scenarios/values.js';
import * as Address from 'ox/Address';
import type { NamedToken } from '../../scenarios/types.js';
import type { Hex } from '../../src/chain/types.js';
import { deployToken, TOKEN_KIND, tokenConstructorArgs } from '../activity/deploy.js';
import { predeployContract } from '../ledger/createContract.js';
import { erc1155Mint } from '../activity/erc1155.js';
import { erc20Mint } from '../activity/erc20.js';
import { uniqueMint } from '../activity/nft.js';
import type { LedgerState } from '../ledger/state.js';
import type { Cast } from './cast.js';
import { type ScriptStep, spreadSteps } from './step.js';
import { contractNameOf, tokenIdentity } from './tokenIdentity.js';

/**
 * The scenario's named tokens: the deployer deploys each at set-up (unless it is pinned at an address) with its name, symbol and
 * decimals (price and icon drawn as for any token), then mints each holder's amount or ids. They
 * are not among the tokens random activity uses, so their holders, supply and owners are exactly
 * what the file says (an ERC-20 is deployed with no initial supply).
 */
/** A named token's identity: the file's name, symbol, decimals and metadata; its price and icon drawn. */
function identityOf(state: LedgerState, spec: NamedToken) {
  const drawn = tokenIdentity(state.seed, `named:${spec.symbol}`, spec.type);
  const decimals = spec.type === 'ERC-20' || spec.type === 'ERC-404' ? (spec.decimals ?? 18) : 0;
  return {
    identity: {
      ...drawn,
      name: spec.name,
      symbol: spec.symbol,
      decimals,
      ...(spec.metadata ? { metadata: spec.metadata } : {}),
    },
    decimals,
  };
}

/**
 * The named tokens at fixed addresses: predeployed at genesis with no supply (the protocol deployer
 * is their issuer), so their holders' mints are their whole history.
 */
export function predeployTokens(state: LedgerState, cast: Cast): void {
  for (const spec of state.scenario.entities?.tokens ?? []) {
    if (spec.address === undefined) continue;
    const { identity } = identityOf(state, spec);
    const id = predeployContract(state, Address.checksum(spec.address.toLowerCase() as Hex), {
      kind: TOKEN_KIND[spec.type],
      name: contractNameOf(spec.name),
      verification: 'full',
      constructorArgs: tokenConstructorArgs(identity, 0n),
      token: identity,
      bytecodeLabel: `named:${spec.symbol}`,
    });
    cast.namedTokens.set(spec.symbol, id);
    cast.issuer.set(id, cast.deployerId);
  }
}

export function namedTokenSteps(state: LedgerState, cast: Cast): ScriptStep[] {
  const deployed = cast.namedTokens;
  const steps: ScriptStep[] = [];
  const mints: Omit<ScriptStep, 'notBefore'>[] = [];
  const issuer = cast.deployerId;
  for (const spec of state.scenario.entities?.tokens ?? []) {
    const { identity, decimals } = identityOf(state, spec);
    if (spec.address === undefined)
      steps.push({
        label: `setup:named-token:${spec.symbol}`,
        notBefore: 1,
        // No initial supply: the holders the file names hold all of it.
        plan: (s) =>
          deployToken(s, issuer, spec.type, `named:${spec.symbol}`, { name: contractNameOf(spec.name) }, identity, 0n),
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
          plan: (s) => erc20Mint(s, deployed.get(spec.symbol)!, toId, amount),
        });
        continue;
      }
      for (const id of held) {
        mints.push({
          label: `${label}:${id}`,
          plan: (s) => {
            const tokenId = deployed.get(spec.symbol)!;
            return spec.type === 'ERC-1155'
              ? erc1155Mint(s, 1, tokenId, toId, [BigInt(id)])
              : uniqueMint(s, spec.type as 'ERC-721' | 'ERC-404', tokenId, toId, BigInt(id)); // ids are for NFTs only (entityProblem)
          },
        });
      }
    }
  }
  return [...steps, ...spreadSteps(mints, state.scenario.blocks, 0.3)];
}
