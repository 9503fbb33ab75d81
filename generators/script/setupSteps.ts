import type { TokenType } from '../../src/chain/types.js';
import type { Scene } from '../activity/context.js';
import { deployContract, deployToken } from '../activity/deploy.js';
import { erc1155Mint } from '../activity/erc1155.js';
import { uniqueMint } from '../activity/nft.js';
import { gas, hashOf } from '../activity/pick.js';
import { ETHER } from '../ledger/blockContext.js';
import type { LedgerState } from '../ledger/state.js';
import type { Cast } from './cast.js';
import type { ScriptStep } from './step.js';

const TOKEN_HANDLE: Record<TokenType, string> = {
  'ERC-20': 'erc20Token',
  'ERC-721': 'erc721Token',
  'ERC-1155': 'erc1155Token',
  'ERC-404': 'erc404Token',
};
const createdBy = (scene: Scene, transaction: number) => scene.state.transactions[transaction]!.createdId;

/** Deploys the protocol: library, oracle, tokens, proxies, factory, vaults, router, pools. */
export function setupSteps(state: LedgerState, cast: Cast): ScriptStep[] {
  const steps: ScriptStep[] = [];
  const step = (label: string, plan: ScriptStep['plan'], after?: ScriptStep['after']) =>
    steps.push({ label: `setup:${label}`, notBefore: 1, plan, ...(after ? { after } : {}) });
  const deployer = cast.deployerId;
  const c = cast.contracts;
  const hash = (scene: Scene, id: number | undefined) => hashOf(scene, id!);

  step(
    'library',
    (s) => deployContract(s, deployer, 'library', 'AddressBook', [], { extra: { handle: 'library' } }),
    (s, t) => (c.library = createdBy(s, t)),
  );
  step(
    'oracle',
    (s) =>
      deployContract(s, deployer, 'oracle', 'EthUsdPriceFeed', [8, 'ETH / USD'], {
        extra: { handle: 'oracle', bytecodeLabel: 'oracle:v1' },
      }),
    (s, t) => (c.oracle = createdBy(s, t)),
  );

  const counts: Record<TokenType, number> = {
    'ERC-20': Math.max(3, state.scenario.tokens.erc20),
    'ERC-721': Math.max(1, state.scenario.tokens.erc721),
    'ERC-1155': Math.max(1, state.scenario.tokens.erc1155),
    'ERC-404': Math.max(1, state.scenario.tokens.erc404),
  };
  for (const type of Object.keys(counts) as TokenType[]) {
    for (let k = 0; k < counts[type]; k++) {
      const issuerId = cast.eoas[(k * 7 + type.length) % cast.eoas.length]!;
      const label = `${type}:${k}`;
      step(
        `token:${label}`,
        (s) => {
          const plan = deployToken(s, issuerId, type, label, k === 0 ? { handle: TOKEN_HANDLE[type] } : {});
          return plan && k === 0 && type === 'ERC-20' ? { ...plan, handle: 'tokenCreationTransaction' } : plan;
        },
        (s, t) => {
          const id = createdBy(s, t);
          cast.tokens[type].push(id);
          cast.issuer.set(id, issuerId);
        },
      );
    }
  }

  step(
    'implementation',
    (s) => deployContract(s, deployer, 'implementation', 'StakingPoolV1', [], { extra: { handle: 'implementation' } }),
    (s, t) => (c.implementation = createdBy(s, t)),
  );
  step(
    'proxy',
    (s) =>
      deployContract(
        s,
        deployer,
        'transparent-proxy',
        'TransparentUpgradeableProxy',
        [hash(s, c.implementation), hashOf(s, deployer), '0x'],
        {
          extra: { handle: 'proxy', implementationId: c.implementation! },
        },
      ),
    (s, t) => (c.proxy = createdBy(s, t)),
  );
  step(
    'factory',
    (s) => deployContract(s, deployer, 'factory', 'CloneFactory', [], { extra: { handle: 'factory' } }),
    (s, t) => (c.factory = createdBy(s, t)),
  );
  step(
    'vault',
    (s) => {
      const plan = deployContract(s, deployer, 'vault', 'StakingVault', [hash(s, c.oracle)], {
        extra: { handle: 'vault' },
      });
      return plan && { ...plan, handle: 'contractCreationTransaction' };
    },
    (s, t) => (c.vault = createdBy(s, t)),
  );
  step(
    'router',
    (s) =>
      deployContract(s, deployer, 'router', 'SwapRouter', [hash(s, c.factory), hash(s, cast.tokens['ERC-20'][0])], {
        extra: { handle: 'router' },
      }),
    (s, t) => (c.router = createdBy(s, t)),
  );
  step(
    'lending-pool',
    (s) =>
      deployContract(s, deployer, 'lending-pool', 'LendingPool', [hash(s, c.oracle)], {
        extra: { handle: 'lendingPool' },
      }),
    (s, t) => (c.lendingPool = createdBy(s, t)),
  );
  step(
    'multisig',
    (s) =>
      deployContract(
        s,
        deployer,
        'multisig',
        'MultiSigWallet',
        [[hashOf(s, deployer), hashOf(s, cast.eoas[1]!), hashOf(s, cast.eoas[2]!)], 2n],
        {
          value: 200n * ETHER,
          extra: { handle: 'multisig' },
        },
      ),
    (s, t) => (c.multisig = createdBy(s, t)),
  );
  step(
    'destructible',
    (s) =>
      deployContract(s, deployer, 'destructible', 'Destructible', [], {
        value: 3n * ETHER,
        extra: { handle: 'selfDestructedContract' },
      }),
    (s, t) => (c.destructible = createdBy(s, t)),
  );
  step(
    'vyper-escrow',
    (s) =>
      deployContract(s, deployer, 'vyper-escrow', 'Escrow', [hashOf(s, deployer)], {
        extra: { handle: 'vyperContract' },
      }),
    (s, t) => (c.vyperEscrow = createdBy(s, t)),
  );
  step('failed-deploy', (s) => {
    const plan = deployContract(
      s,
      deployer,
      'failed-deploy',
      'TokenSale',
      [BigInt(s.ctx.timestamp - 3_600), hashOf(s, deployer)],
      {
        revertReason: 'TokenSale: start time is in the past',
        extra: { handle: 'failedContractCreation' },
      },
    );
    return plan && { ...plan, handle: 'failedContractCreationTransaction' };
  });
  step('partial-oracle', (s) =>
    deployContract(s, deployer, 'oracle', 'BtcUsdPriceFeed', [8, 'BTC / USD'], {
      verification: 'partial',
      extra: { handle: 'partiallyVerifiedContract' },
    }),
  );
  step('twin-oracle', (s) =>
    deployContract(s, cast.eoas[4]!, 'oracle', 'EthUsdPriceFeed', [8, 'ETH / USD'], {
      verification: 'none',
      extra: { handle: 'verifiedTwinContract', bytecodeLabel: 'oracle:v1' },
    }),
  );
  step('unverified-vault', (s) =>
    deployContract(s, cast.eoas[5]!, 'vault', 'Vault', [hash(s, c.oracle)], {
      verification: 'none',
      extra: { handle: 'unverifiedContract' },
    }),
  );

  const cloneStep = (k: number) =>
    step(
      `clone:${k}`,
      (s) => ({
        fromId: deployer,
        toId: c.factory!,
        value: 0n,
        call: { contractKind: 'factory', functionName: 'createClone', args: [hash(s, c.implementation)] },
        ...gas(s, 90_000, 130_000),
        events: 1,
        internals: [
          {
            type: 'create',
            fromId: c.factory!,
            value: 0n,
            gasLimit: 100_000n,
            create: {
              kind: 'minimal-proxy',
              name: 'StakingPoolV1',
              verification: 'full',
              constructorArgs: [],
              implementationId: c.implementation!,
              ...(k === 0 ? { handle: 'minimalProxy' } : {}),
            },
          },
        ],
      }),
      (s, t) => c.minimalProxies.push(s.state.internalTransactions[s.state.transactions[t]!.internalStart]!.createdId),
    );
  cloneStep(0);
  cloneStep(1);
  step(
    'create2',
    (s) => {
      const salt = s.rng.hex(32);
      return {
        fromId: deployer,
        toId: c.factory!,
        value: 0n,
        call: { contractKind: 'factory', functionName: 'deploy', args: [salt] },
        ...gas(s, 400_000, 700_000),
        events: 1,
        internals: [
          {
            type: 'create2',
            fromId: c.factory!,
            value: 0n,
            gasLimit: 800_000n,
            create: {
              kind: 'vault',
              name: 'StakingVault',
              verification: 'full',
              constructorArgs: [hash(s, c.oracle)],
              salt,
              handle: 'create2Contract',
            },
          },
        ],
      };
    },
    (s, t) => (c.create2Vault = s.state.internalTransactions[s.state.transactions[t]!.internalStart]!.createdId),
  );

  // Reserves: the router sells the second ERC-20; the lending pool holds the third as collateral.
  const seedReserve = (label: string, tokenIndex: number, holder: () => number | undefined) =>
    step(`reserve:${label}`, (s) => {
      const tokenId = cast.tokens['ERC-20'][tokenIndex]!;
      const issuerId = cast.issuer.get(tokenId)!;
      const amount = ((s.state.tokens.get(tokenId)!.balances.get(issuerId) ?? 0n) * 2n) / 5n;
      const toId = holder()!;
      return {
        fromId: issuerId,
        toId: tokenId,
        value: 0n,
        call: { contractKind: 'erc20', functionName: 'transfer', args: [hashOf(s, toId), amount] },
        ...gas(s, 34_000, 52_000),
        transfers: [{ tokenId, fromId: issuerId, toId, tokenIds: null, amounts: [amount] }],
      };
    });
  seedReserve('router', 1, () => c.router);
  seedReserve('lending-pool', 2, () => c.lendingPool);
  seedReserve('liquidator', 1, () => cast.eoas[6]);

  // First NFTs, so random transfers have something to move.
  for (let k = 0; k < 4; k++) {
    step(`mint:721:${k}`, (s) =>
      uniqueMint(s, 'ERC-721', cast.tokens['ERC-721'][0], cast.eoas[(k * 3) % cast.eoas.length]),
    );
    step(`mint:404:${k}`, (s) =>
      uniqueMint(s, 'ERC-404', cast.tokens['ERC-404'][0], cast.eoas[(k * 5 + 1) % cast.eoas.length]),
    );
  }
  step('mint:1155:batch-holder', (s) => erc1155Mint(s, 4, cast.tokens['ERC-1155'][0], cast.eoas[8 % cast.eoas.length]));
  step('mint:1155:single', (s) => erc1155Mint(s, 1, cast.tokens['ERC-1155'][0], cast.eoas[9 % cast.eoas.length]));
  return steps;
}
