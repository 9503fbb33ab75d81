import * as Address from 'ox/Address';
import * as ContractAddress from 'ox/ContractAddress';
import * as Hash from 'ox/Hash';
import * as Hex from 'ox/Hex';
import { type Contract, type CreationStatus, type Hex as HexString, NONE, type Token } from '../../src/chain/types.js';
import { registerAccount } from './registerAccount.js';
import type { CreateSpec } from './plan.js';
import { type LedgerState, newTokenLedger } from './state.js';

export interface Creation {
  readonly creatorId: number;
  /** The creator's nonce used for the address (CREATE), ignored for CREATE2. */
  readonly nonce: number;
  readonly transaction: number;
  readonly status: CreationStatus;
}

/** Creates the contract account `spec` describes, at the address CREATE or CREATE2 gives. */
export function createContract(state: LedgerState, spec: CreateSpec, creation: Creation): number {
  const creator = state.accounts[creation.creatorId]!;
  const bytecodeLabel = spec.bytecodeLabel ?? `${spec.kind}:${creator.lower}:${creation.nonce}`;
  const hash = Address.checksum(
    spec.address ??
      (spec.salt
        ? ContractAddress.fromCreate2({
            from: creator.hash,
            salt: spec.salt,
            bytecodeHash: Hash.keccak256(Hex.fromString(bytecodeLabel)),
          })
        : ContractAddress.fromCreate({ from: creator.hash, nonce: BigInt(creation.nonce) })),
  );
  return registerContract(state, hash, { ...spec, bytecodeLabel }, creation);
}

/**
 * The contract `spec` describes, predeployed at `hash` at genesis (as chains predeploy system
 * contracts): no creator and no creation transaction.
 */
export const predeployContract = (
  state: LedgerState,
  hash: HexString,
  spec: CreateSpec & { readonly bytecodeLabel: string },
): number => registerContract(state, hash, spec, { creatorId: NONE, nonce: 0, transaction: NONE, status: 'success' });

/** Registers a contract account at `hash`, with its token ledger when it is a token. */
function registerContract(
  state: LedgerState,
  hash: HexString,
  spec: CreateSpec & { readonly bytecodeLabel: string },
  creation: Creation,
): number {
  const { bytecodeLabel } = spec;
  const token: Token | null =
    spec.token && creation.status === 'success'
      ? {
          type: spec.token.type,
          name: spec.token.name,
          symbol: spec.token.symbol,
          decimals: spec.token.decimals,
          exchangeRate: spec.token.exchangeRate,
          iconUrl: spec.token.iconUrl,
          totalSupply: 0n,
          holdersCount: 0,
          ...(spec.token.metadata ? { metadata: spec.token.metadata } : {}),
          ...(spec.token.unanswered ? { unanswered: spec.token.unanswered } : {}),
          ...(spec.token.unpriced ? { unpriced: true as const } : {}),
        }
      : null;
  const contract: Contract = {
    kind: spec.kind,
    ...(spec.custom ? { custom: spec.custom } : {}),
    label: `contract:${hash.toLowerCase()}`,
    bytecodeLabel,
    name: spec.name,
    creatorId: creation.creatorId,
    creationTransaction: creation.transaction,
    creationStatus: creation.status,
    implementationId: spec.implementationId ?? NONE,
    verification: creation.status === 'failed' ? 'none' : spec.verification,
    constructorArgs: spec.constructorArgs,
    token,
    hasLogs: false,
  };
  const named = contract.verification !== 'none' || token !== null;
  const name = named ? (token?.name ?? spec.name) : null;
  // An address that held coin (or was named) before code was deployed there: the account becomes the contract.
  const existing = state.byLower.get(hash.toLowerCase());
  const id =
    existing !== undefined && state.accounts[existing]!.contract === null
      ? becomeContract(state, existing, contract, name)
      : registerAccount(state, `contract:${hash.toLowerCase()}`, { hash, contract, name });
  // Contract accounts start at nonce 1 (EIP-161); their nonce counts the contracts they create.
  state.accounts[id]!.nonce = 1;
  if (token) state.tokens.set(id, newTokenLedger(token.type, id, token.decimals));
  if (spec.handle) state.handles[spec.handle] = hash;
  return id;
}

/** Makes an existing contract a token from now on (an executed contract's first transfer log), with its token ledger. */
export function registerToken(state: LedgerState, id: number, spec: NonNullable<CreateSpec['token']>): void {
  const account = state.accounts[id]!;
  const token: Token = {
    type: spec.type,
    name: spec.name,
    symbol: spec.symbol,
    decimals: spec.decimals,
    exchangeRate: spec.exchangeRate,
    iconUrl: spec.iconUrl,
    totalSupply: 0n,
    holdersCount: 0,
    ...(spec.unanswered ? { unanswered: spec.unanswered } : {}),
    ...(spec.unpriced ? { unpriced: true as const } : {}),
  };
  // Balance and nonce are the account's running fields: the token is set on the same object.
  (account as { contract: Contract }).contract = { ...account.contract!, token };
  // A token that does not answer name() leaves its address unnamed.
  if (account.name === null && !token.unanswered?.includes('name'))
    (account as { name: string | null }).name = token.name;
  state.tokens.set(id, newTokenLedger(token.type, id, token.decimals));
}

/** Deploys `contract` at an account the ledger knew as an address without code. */
function becomeContract(state: LedgerState, id: number, contract: Contract, name: string | null): number {
  const account = state.accounts[id]! as { contract: Contract | null; name: string | null };
  account.contract = contract;
  if (name !== null) account.name = name;
  return id;
}
