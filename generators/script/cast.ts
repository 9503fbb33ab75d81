import type { Hex, TokenType } from '../../src/chain/types.js';

/** A smart account a scenario names (`userOperation.account`). */
export interface NamedSmartAccount {
  readonly hash: Hex;
  /** Its account id once its first operation deployed it. */
  readonly id: number | null;
  /** Where the scenario names it. */
  readonly path: string;
}

export interface Validator {
  readonly index: number;
  readonly feeRecipientId: number;
  readonly withdrawalId: number;
}

/**
 * The named participants of a chain: who deploys what, which accounts take part in random
 * activity, and the contracts random activity calls. Filled while the set-up blocks run.
 */
export interface Cast {
  readonly zeroId: number;
  readonly deployerId: number;
  readonly whaleId: number;
  /** Sends and receives exactly 50 transactions, never picked at random. */
  readonly onePageId: number;
  /** Holds nothing and does nothing. */
  readonly emptyId: number;
  /** Accounts random activity picks from, most active first. */
  readonly eoas: readonly number[];
  readonly validators: readonly Validator[];
  /** Accounts that collect NFT drops, with how many collections each ends up holding. */
  readonly collectors: readonly { readonly id: number; readonly collections: number }[];
  /** Launches the NFT drops the collectors collect (only when the scenario has collectors). */
  readonly dropCreatorId: number | undefined;
  /** The scenario's named accounts, by name: never picked by random activity. */
  readonly named: ReadonlyMap<string, number>;
  /** Their ids. */
  readonly quiet: ReadonlySet<number>;
  /** The scenario's named tokens by symbol, once deployed. */
  readonly namedTokens: Map<string, number>;
  /** The scenario's named contracts by name, once created (at genesis for those at fixed addresses). */
  readonly namedContracts: Map<string, number>;
  /** The smart accounts the scenario's user operations name, by name: address from genesis, id once deployed. */
  readonly namedSmartAccounts: Map<string, NamedSmartAccount>;
  readonly tokens: Record<TokenType, number[]>;
  /** Issuer (owner, minter) of each token contract. */
  readonly issuer: Map<number, number>;
  readonly contracts: {
    library?: number;
    oracle?: number;
    vault?: number;
    create2Vault?: number;
    router?: number;
    factory?: number;
    lendingPool?: number;
    multisig?: number;
    destructible?: number;
    implementation?: number;
    proxy?: number;
    minimalProxies: number[];
    vyperEscrow?: number;
  };
  /** Coin deposited per `${contract}:${user}` (vaults, staking proxies, escrow). */
  readonly deposits: Map<string, bigint>;
}
