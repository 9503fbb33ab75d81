import type { z } from 'zod';
import type { listGuarantee, namedAccount, namedContract, namedToken, scriptedTransaction } from './schema.js';

/**
 * A scenario: the size and shape of a chain. Everything else (every value, name and hash)
 * follows from the scenario and the seed.
 */
export interface Scenario {
  readonly name: string;
  /** One paragraph for the README and the home page. */
  readonly description: string;
  /** Unix seconds of block 0. */
  readonly genesisTimestamp: number;
  /** Consensus blocks after genesis. */
  readonly blocks: number;
  /** Mean number of random (unscripted) transactions per block. */
  readonly transactionsPerBlock: number;
  /** Externally owned accounts taking part in random activity. */
  readonly accounts: number;
  readonly validators: number;
  /** Chance that a 12-second slot has no block. */
  readonly missedSlotRate: number;
  /** Chance that a block names an uncle (a sibling of its parent). */
  readonly uncleRate: number;
  /** Chance that a height also has a reorged (non-consensus) block. */
  readonly reorgRate: number;
  /** Mean withdrawals per block. */
  readonly withdrawalsPerBlock: number;
  /** Token contracts deployed at set-up, by type (at least one of each type is always deployed). */
  readonly tokens: {
    readonly erc20: number;
    readonly erc721: number;
    readonly erc1155: number;
    readonly erc404: number;
  };
  /** Chance that a random transaction deploys a new contract. */
  readonly deployRate: number;
  /** Mean ERC-4337 user operations per block, bundled by bundlers (default 0.5; 0 for none but every chain's first few). */
  readonly userOperationsPerBlock?: number | undefined;
  /** Mean beacon-chain deposits per block, to the deposit contract (default 0.05; 0 for no deposit contract and no deposits). */
  readonly beaconDepositsPerBlock?: number | undefined;
  /** USD price of the native coin. */
  readonly exchangeRate: string;
  /** The test mnemonic's accounts funded at genesis (default 10 of 10,000 ETH each), the ones a test sends from. */
  /** Gas limit of every block (default: from `transactionsPerBlock`, at least 3,000,000). */
  readonly blockGasLimit?: number | undefined;
  readonly testAccounts?: { readonly count?: number | undefined; readonly balance?: string | undefined } | undefined;
  /** The chain id its node answers (`eth_chainId`) and transactions are signed for (default 31337, as dev nodes use). */
  readonly chainId?: number | undefined;
  /**
   * Accounts that end up holding NFTs of exactly `collections` collections each (at least one NFT
   * of each), named by `handle`: the lists of endpoint 7 with one page or many. The collections
   * are EIP-1167 clones of ERC-721, ERC-1155 and ERC-404 drop implementations.
   */
  readonly collectors?: readonly { readonly handle: string; readonly collections: number }[] | undefined;
  /** Named entities, each served under its name (see `NamedAccount`). */
  readonly entities?:
    | {
        readonly accounts?: readonly NamedAccount[] | undefined;
        readonly tokens?: readonly NamedToken[] | undefined;
        readonly contracts?: readonly NamedContract[] | undefined;
      }
    | undefined;
  /** Scripted transactions, mined in order. */
  readonly activity?: readonly ScriptedTransaction[] | undefined;
  /** Lists named accounts must have: realised by transactions scheduled over the chain. */
  readonly lists?: readonly ListGuarantee[] | undefined;
}

// The entities' types are the schema's (scenarios/schema.ts), so the language has one definition.

/** An account a scenario names: it exists from genesis with its balance, and never takes part in random activity. */
export type NamedAccount = z.output<typeof namedAccount>;

/** A token a scenario names: deployed at set-up, minted to its holders only. */
export type NamedToken = z.output<typeof namedToken>;

/** A contract a scenario names: the user's code (an artifact, or an inline ABI), predeployed at a fixed address or deployed at set-up; or a proxy of another. */
export type NamedContract = z.output<typeof namedContract>;

/** A scripted transaction: coin from a named account to another, or a call of a named token's method. */
export type ScriptedTransaction = z.output<typeof scriptedTransaction>;

/** A list a named account must have. */
export type ListGuarantee = z.output<typeof listGuarantee>;
