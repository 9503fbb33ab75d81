import { type ContractKind, type TokenType, type Verification } from '../../src/chain/types.js';
import { CREATED, type CreateSpec, type TxPlan } from '../ledger/plan.js';
import { withFaker } from '../random/withFaker.js';
import { contractNameOf, tokenIdentity } from '../script/tokenIdentity.js';
import type { Scene } from './context.js';
import { canAfford, gas } from './pick.js';

/** The catalogue's contract kind of each token type. */
export const TOKEN_KIND = {
  'ERC-20': 'erc20',
  'ERC-721': 'erc721',
  'ERC-1155': 'erc1155',
  'ERC-404': 'erc404',
} as const satisfies Record<TokenType, ContractKind>;

/** Constructor arguments of a token, as its catalogue constructor takes them (an ERC-20's initial supply in whole tokens). */
export function tokenConstructorArgs(
  token: NonNullable<CreateSpec['token']>,
  initialSupply: bigint,
): readonly unknown[] {
  switch (token.type) {
    case 'ERC-20':
      return [token.name, token.symbol, token.decimals, initialSupply * 10n ** BigInt(token.decimals)];
    case 'ERC-721':
      return [token.name, token.symbol, `https://meta.explorer-mock.test/${token.symbol.toLowerCase()}/`];
    case 'ERC-1155':
      return [`https://meta.explorer-mock.test/${token.symbol.toLowerCase()}/{id}.json`];
    case 'ERC-404':
      return [token.name, token.symbol, token.decimals, 10_000n];
  }
}

/**
 * The creation of a token contract (its identity drawn from `label` unless given); an ERC-20 mints
 * its initial supply (a million whole tokens unless given) to the deployer.
 */
export function deployToken(
  scene: Scene,
  fromId: number,
  type: TokenType,
  label: string,
  extra: Partial<CreateSpec> = {},
  token = tokenIdentity(scene.state.seed, label, type),
  initialSupply = 1_000_000n,
): TxPlan | null {
  const constructorArgs = tokenConstructorArgs(token, initialSupply);
  if (!canAfford(scene, fromId, 0n, 3_000_000)) return null;
  const supply = constructorArgs[3] as bigint;
  const mintsSupply = type === 'ERC-20' && supply > 0n;
  return {
    fromId,
    value: 0n,
    call: null,
    ...gas(scene, 1_100_000, 2_400_000),
    create: {
      kind: TOKEN_KIND[type],
      name: contractNameOf(token.name),
      verification: 'full',
      constructorArgs,
      token,
      ...extra,
    },
    ...(mintsSupply
      ? {
          transfers: [{ tokenId: CREATED, fromId: scene.cast.zeroId, toId: fromId, tokenIds: null, amounts: [supply] }],
        }
      : {}),
  };
}

/** The creation of an ordinary contract. */
export function deployContract(
  scene: Scene,
  fromId: number,
  kind: ContractKind,
  name: string,
  constructorArgs: readonly unknown[],
  options: { value?: bigint; verification?: Verification; revertReason?: string; extra?: Partial<CreateSpec> } = {},
): TxPlan | null {
  const value = options.value ?? 0n;
  if (!canAfford(scene, fromId, value, 3_000_000)) return null;
  return {
    fromId,
    value,
    call: null,
    ...(options.revertReason
      ? { ...gas(scene, 180_000, 400_000), revertReason: options.revertReason }
      : gas(scene, 300_000, 1_800_000)),
    create: { kind, name, verification: options.verification ?? 'full', constructorArgs, ...options.extra },
  };
}

/** Now and then someone deploys a new contract: a token, an oracle or a vault, verified or not. */
export function randomDeployment(scene: Scene, fromId: number, label: string): TxPlan | null {
  const { rng, cast } = scene;
  const verification: Verification = rng.pick([
    'full',
    'full',
    'full',
    'full',
    'full',
    'full',
    'full',
    'partial',
    'none',
    'none',
  ]);
  const choice = rng.int(0, 2);
  if (choice === 0) return deployToken(scene, fromId, 'ERC-20', label, { verification });
  const noun = withFaker(scene.state.seed, label, (f) => f.word.noun().replace(/[^a-z]/gi, ''));
  const title = noun.charAt(0).toUpperCase() + noun.slice(1);
  if (choice === 1)
    return deployContract(scene, fromId, 'oracle', `${title}PriceFeed`, [8, `${title.toUpperCase()} / USD`], {
      verification,
    });
  const oracle = cast.contracts.oracle;
  if (oracle === undefined) return null;
  return deployContract(scene, fromId, 'vault', `${title}Vault`, [scene.state.accounts[oracle]!.hash], {
    verification,
  });
}
