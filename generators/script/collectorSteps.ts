import type { TokenType } from '../../src/chain/types.js';
import { erc1155Mint } from '../activity/erc1155.js';
import { deployContract, TOKEN_KIND } from '../activity/deploy.js';
import { uniqueMint } from '../activity/nft.js';
import { gas, hashOf } from '../activity/pick.js';
import type { LedgerState } from '../ledger/state.js';
import type { Cast } from './cast.js';
import { type ScriptStep, spreadSteps } from './step.js';
import { contractNameOf, tokenIdentity } from './tokenIdentity.js';

type DropType = Exclude<TokenType, 'ERC-20'>;

/** Collection k's type: half ERC-721, a third ERC-1155, a sixth ERC-404, interleaved. */
const typeOf = (k: number): DropType => (k % 6 < 3 ? 'ERC-721' : k % 6 < 5 ? 'ERC-1155' : 'ERC-404');

const IMPLEMENTATION_ARGS: Record<DropType, readonly unknown[]> = {
  'ERC-721': ['Drop', 'DROP', 'https://meta.explorer-mock.test/drops/'],
  'ERC-1155': ['https://meta.explorer-mock.test/drops/{id}.json'],
  'ERC-404': ['Drop', 'DROP', 18, 10_000n],
};

/**
 * The NFT drops behind the scenario's collectors: a creator deploys one implementation per NFT
 * type, launches collections as EIP-1167 clones through the clone factory, and mints one NFT of
 * each of the first `collections` drops to each collector. The drops are not in the cast's token
 * lists, and collectors are not picked by random activity, so what the collectors hold stays put.
 */
export function collectorSteps(state: LedgerState, cast: Cast): ScriptStep[] {
  const creator = cast.dropCreatorId;
  if (creator === undefined || !cast.collectors.length) return [];
  const total = Math.max(...cast.collectors.map((c) => c.collections));
  const implementations = new Map<DropType, number>();
  const drops: number[] = [];
  const plans: Omit<ScriptStep, 'notBefore'>[] = [];

  for (const type of ['ERC-721', 'ERC-1155', 'ERC-404'] as const) {
    plans.push({
      label: `special:drops:implementation:${type}`,
      plan: (s) =>
        deployContract(
          s,
          creator,
          TOKEN_KIND[type],
          `${type.replace('-', '')}DropImplementation`,
          IMPLEMENTATION_ARGS[type],
        ),
      after: (s, t) => void implementations.set(type, s.state.transactions[t]!.createdId),
    });
  }
  for (let k = 0; k < total; k++) {
    const type = typeOf(k);
    plans.push({
      label: `special:drops:launch:${k}`,
      plan: (s) => {
        const factory = s.cast.contracts.factory!;
        const implementation = implementations.get(type)!;
        const token = tokenIdentity(s.state.seed, `drop:${k}`, type);
        return {
          fromId: creator,
          toId: factory,
          value: 0n,
          call: { contractKind: 'factory', functionName: 'createClone', args: [hashOf(s, implementation)] },
          ...gas(s, 160_000, 240_000),
          events: 1,
          internals: [
            {
              type: 'create',
              fromId: factory,
              value: 0n,
              gasLimit: 200_000n,
              create: {
                kind: 'minimal-proxy',
                name: contractNameOf(token.name),
                verification: 'full',
                constructorArgs: [],
                implementationId: implementation,
                token,
              },
            },
          ],
        };
      },
      after: (s, t) => {
        const clone = s.state.internalTransactions[s.state.transactions[t]!.internalStart]!.createdId;
        drops[k] = clone;
        s.cast.issuer.set(clone, creator);
      },
    });
    for (const collector of cast.collectors) {
      if (k >= collector.collections) continue;
      plans.push({
        label: `special:drops:mint:${collector.id}:${k}`,
        plan: (s) =>
          type === 'ERC-1155' ? erc1155Mint(s, 1, drops[k], collector.id) : uniqueMint(s, type, drops[k], collector.id),
      });
    }
  }
  // Spread over the first half of the chain, after the set-up.
  return spreadSteps(plans, state.scenario.blocks, 0.5);
}
