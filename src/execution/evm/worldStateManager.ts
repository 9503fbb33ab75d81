import type { AccountFields, StateManagerInterface } from '@ethereumjs/common';
import { Account, type Address, bytesToHex, hexToBytes, KECCAK256_NULL } from '@ethereumjs/util';
import * as Hash from 'ox/Hash';
import type { Hex } from '../../chain/types.js';
import type { World } from './world.js';

/** What one level of the overlay changed: accounts (null: deleted), code, storage, accounts whose storage was cleared. */
interface Level {
  readonly accounts: Map<string, Account | null>;
  readonly code: Map<string, Uint8Array>;
  readonly storage: Map<string, Uint8Array>;
  readonly cleared: Set<string>;
}

const newLevel = (): Level => ({ accounts: new Map(), code: new Map(), storage: new Map(), cleared: new Set() });
const copy = (a: Account) => new Account(a.nonce, a.balance, a.storageRoot, a.codeHash);
const EMPTY = new Uint8Array(0);
const slotKey = (address: string, slot: Uint8Array) => `${address}:${bytesToHex(slot)}`;

/** A 32-byte hex slot of a storage key the EVM gives (any length up to 32 bytes). */
export const slotHex = (key: Uint8Array): Hex => `0x${bytesToHex(key).slice(2).padStart(64, '0')}`;

/**
 * The EVM's state: what it changed, in levels (one per call frame it checkpoints), over the
 * ledger's state (`World`), which it only reads. After a run, `changes()` says what the ledger must
 * apply: every account, code and slot the outermost level holds.
 */
export class WorldStateManager implements StateManagerInterface {
  private levels: Level[] = [newLevel()];
  private readonly codeHashes = new Map<string, Uint8Array>();
  private readonly original = new Map<string, Uint8Array>();

  constructor(public world: World) {}

  /** Starts over on another world (an EVM reused for the next run). */
  reset(world: World): void {
    this.world = world;
    this.levels = [newLevel()];
    this.codeHashes.clear();
    this.original.clear();
  }

  readonly originalStorageCache = {
    get: async (address: Address, key: Uint8Array): Promise<Uint8Array> => {
      const k = slotKey(address.toString(), key);
      let value = this.original.get(k);
      if (value === undefined) this.original.set(k, (value = this.storageSync(address.toString(), key)));
      return value;
    },
    clear: () => this.original.clear(),
  };

  /** Where a slot was last set, from the innermost level out: its value, `cleared` (the account's storage was), or undefined. */
  private findSlot(key: string, address: string): Uint8Array | undefined | 'cleared' {
    for (let i = this.levels.length - 1; i >= 0; i--) {
      const level = this.levels[i]!;
      const value = level.storage.get(key);
      if (value) return value;
      if (level.cleared.has(address)) return 'cleared';
    }
    return undefined;
  }

  private get top(): Level {
    return this.levels[this.levels.length - 1]!;
  }

  private baseCodeHash(address: string, code: Hex): Uint8Array {
    let hash = this.codeHashes.get(address);
    if (!hash) this.codeHashes.set(address, (hash = code === '0x' ? KECCAK256_NULL : Hash.keccak256(hexToBytes(code))));
    return hash;
  }

  async getAccount(address: Address): Promise<Account | undefined> {
    return this.accountSync(address.toString());
  }

  /** An account as the EVM sees it now (a copy: the EVM changes what it is given). */
  accountSync(address: string): Account | undefined {
    for (let i = this.levels.length - 1; i >= 0; i--) {
      const found = this.levels[i]!.accounts.get(address);
      if (found !== undefined) return found === null ? undefined : copy(found);
    }
    const base = this.world.account(address);
    if (!base) return undefined;
    return new Account(BigInt(base.nonce), base.balance, undefined, this.baseCodeHash(address, base.code));
  }

  async putAccount(address: Address, account?: Account): Promise<void> {
    this.top.accounts.set(address.toString(), account ? copy(account) : null);
  }

  async deleteAccount(address: Address): Promise<void> {
    this.top.accounts.set(address.toString(), null);
  }

  async modifyAccountFields(address: Address, fields: AccountFields): Promise<void> {
    const account = (await this.getAccount(address)) ?? new Account();
    if (fields.nonce !== undefined) account.nonce = fields.nonce;
    if (fields.balance !== undefined) account.balance = fields.balance;
    if (fields.codeHash !== undefined) account.codeHash = fields.codeHash;
    if (fields.storageRoot !== undefined) account.storageRoot = fields.storageRoot;
    await this.putAccount(address, account);
  }

  async putCode(address: Address, value: Uint8Array): Promise<void> {
    const key = address.toString();
    this.top.code.set(key, value);
    const account = this.accountSync(key) ?? new Account();
    account.codeHash = value.length ? Hash.keccak256(value) : KECCAK256_NULL;
    this.top.accounts.set(key, account);
  }

  async getCode(address: Address): Promise<Uint8Array> {
    return this.codeSync(address.toString());
  }

  codeSync(address: string): Uint8Array {
    for (let i = this.levels.length - 1; i >= 0; i--) {
      const found = this.levels[i]!.code.get(address);
      if (found) return found;
    }
    const code = this.world.account(address)?.code ?? '0x';
    return code === '0x' ? EMPTY : hexToBytes(code);
  }

  async getCodeSize(address: Address): Promise<number> {
    return (await this.getCode(address)).length;
  }

  async getStorage(address: Address, key: Uint8Array): Promise<Uint8Array> {
    return this.storageSync(address.toString(), key);
  }

  /** A slot's value now: what a level set, else the ledger's (zero for an account whose storage a level cleared). */
  storageSync(address: string, key: Uint8Array): Uint8Array {
    const found = this.findSlot(slotKey(address, key), address);
    if (found instanceof Uint8Array) return found;
    if (found === 'cleared') return EMPTY;
    const value = this.world.storage(address, slotHex(key));
    return value === undefined ? EMPTY : hexToBytes(value);
  }

  async putStorage(address: Address, key: Uint8Array, value: Uint8Array): Promise<void> {
    this.putStorageSync(address.toString(), key, value);
  }

  putStorageSync(address: string, key: Uint8Array, value: Uint8Array): void {
    this.top.storage.set(slotKey(address, key), value);
  }

  async clearStorage(address: Address): Promise<void> {
    const key = address.toString();
    const top = this.top;
    for (const k of top.storage.keys()) if (k.startsWith(`${key}:`)) top.storage.delete(k);
    top.cleared.add(key);
  }

  async checkpoint(): Promise<void> {
    this.levels.push(newLevel());
  }

  async commit(): Promise<void> {
    const top = this.levels.pop()!;
    const below = this.top;
    for (const address of top.cleared) {
      for (const k of below.storage.keys()) if (k.startsWith(`${address}:`)) below.storage.delete(k);
      below.cleared.add(address);
    }
    for (const [k, v] of top.accounts) below.accounts.set(k, v);
    for (const [k, v] of top.code) below.code.set(k, v);
    for (const [k, v] of top.storage) below.storage.set(k, v);
  }

  async revert(): Promise<void> {
    this.levels.pop();
    if (!this.levels.length) this.levels.push(newLevel());
  }

  /** What the outermost level holds: every account, code and slot the runs so far changed. */
  changes(): Level {
    return this.levels[0]!;
  }

  async flush(): Promise<void> {}
  clearCaches(): void {}
  shallowCopy(): StateManagerInterface {
    throw new Error('explorer-mock: the EVM state is not copied');
  }
  async getStateRoot(): Promise<Uint8Array> {
    throw new Error('explorer-mock: the EVM state has no state root');
  }
  async setStateRoot(): Promise<void> {
    throw new Error('explorer-mock: the EVM state has no state root');
  }
  async hasStateRoot(): Promise<boolean> {
    return false;
  }
}
