import * as Address from 'ox/Address';
import { type Contract, type Hex, NONE } from '../../src/chain/types.js';
import { SendRefused } from '../../src/protocol/errors.js';
import { changeBalance, registerAccount } from './registerAccount.js';
import type { LedgerState } from './state.js';

/** A change a client asks for outside any transaction (a dev node's cheat code); addresses lower-case, words 32 bytes. */
export type StateEditRequest =
  /** The balance from now on, in wei (recorded as the change it makes). */
  | { readonly kind: 'balance'; readonly address: string; readonly value: bigint }
  | { readonly kind: 'code'; readonly address: string; readonly code: Hex }
  | { readonly kind: 'storage'; readonly address: string; readonly slot: Hex; readonly value: Hex };

/** The account at `address`, registered (as a plain address) when the ledger does not know it. */
const accountAt = (state: LedgerState, address: string): number =>
  state.byLower.get(address) ?? registerAccount(state, `edit:${address}`, { hash: Address.checksum(address) });

/**
 * Applies `edit` to the ledger as of block `block` (after its transactions), recorded where the
 * chain's history keeps it: a balance as the change it makes, code as the account's own runtime
 * code from then on, a storage slot as a write without a transaction. Code replaces only code of
 * the client's own (an address without code, or one a client deployed or a scenario's artifact):
 * a contract the ledger models (a generated token, Multicall3) has no bytecode to replace, which
 * is refused with `SendRefused`.
 */
export function applyStateEdit(state: LedgerState, edit: StateEditRequest, block: number): void {
  const id = accountAt(state, edit.address);
  const account = state.accounts[id]!;
  if (edit.kind === 'balance') {
    const delta = edit.value - account.balance;
    if (delta === 0n) return;
    changeBalance(state, id, delta, block);
    state.stateEdits.push({ kind: 'balance', block, accountId: id, delta });
    return;
  }
  if (edit.kind === 'storage') {
    state.storageWrites.push({ transaction: NONE, block, accountId: id, slot: edit.slot, value: edit.value });
    let slots = state.storage.get(id);
    if (!slots) state.storage.set(id, (slots = new Map()));
    slots.set(edit.slot, edit.value);
    return;
  }
  const contract = account.contract;
  if (contract && contract.kind !== 'custom')
    throw new SendRefused(
      `${account.hash} is a contract the mock models (${contract.kind}): it has no bytecode of its own to replace`,
    );
  const custom = contract?.custom;
  const previous = contract?.creationStatus === 'success' ? (custom?.deployedBytecode ?? '0x') : '0x';
  const next: Contract = contract
    ? { ...contract, custom: { ...custom!, deployedBytecode: edit.code } }
    : {
        kind: 'custom',
        custom: { abi: [], contractName: '', bytecode: null, deployedBytecode: edit.code, sources: [], compiler: null },
        label: `contract:${account.lower}`,
        bytecodeLabel: `code:${account.lower}:${block}`,
        name: '',
        creatorId: NONE,
        creationTransaction: NONE,
        creationStatus: 'success',
        implementationId: NONE,
        verification: 'none',
        constructorArgs: [],
        token: null,
        hasLogs: false,
      };
  (account as { contract: Contract | null }).contract = next;
  state.stateEdits.push({ kind: 'code', block, accountId: id, code: edit.code, previous });
}
