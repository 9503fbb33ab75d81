import type { Hex } from '../../src/chain/types.js';
import * as Address from 'ox/Address';
import { namedAddressOf, testAccountBalance, testAccountCount } from '../../scenarios/entities.js';
import { parseCoinAmount } from '../../scenarios/values.js';
import { testKey } from '../../src/chain/testKeys.js';
import { addressFor, slug } from '../accounts/makeAccount.js';
import { ETHER } from '../ledger/blockContext.js';
import { registerAccount } from '../ledger/registerAccount.js';
import type { LedgerState } from '../ledger/state.js';
import { stream } from '../random/stream.js';
import type { Cast, Validator } from './cast.js';

const ZERO_ADDRESS: Hex = '0x0000000000000000000000000000000000000000';

/** A genesis allocation between 0.1 and about 3,000 coins, log-uniform, with four significant digits. */
function allocation(seed: string, label: string): bigint {
  const exponent = stream(seed, `genesis:${label}`).next() * 4.5 - 1;
  const milli = BigInt(Math.round(10 ** exponent * 1_000));
  return milli * (ETHER / 1_000n);
}

/** Creates the accounts that exist at genesis and names their roles. */
export function createGenesis(state: LedgerState): Cast {
  const { seed, scenario } = state;
  const eoa = (label: string, draft: Parameters<typeof registerAccount>[2] = { hash: addressFor(seed, label) }) =>
    registerAccount(state, label, draft);
  const zeroId = eoa('zero', { hash: ZERO_ADDRESS });
  const deployerId = eoa('deployer', {
    hash: addressFor(seed, 'deployer'),
    genesisBalance: 5_000n * ETHER,
    publicTags: [{ displayName: 'Protocol Deployer', label: 'protocol-deployer' }],
  });
  const whaleId = eoa('whale', {
    hash: addressFor(seed, 'whale'),
    genesisBalance: 2_500_000n * ETHER + stream(seed, 'genesis:whale').bigint(0n, 10n ** 24n),
    publicTags: [{ displayName: 'Whale', label: 'whale' }],
  });
  const onePageId = eoa('one-page', { hash: addressFor(seed, 'one-page'), genesisBalance: 100n * ETHER });
  const emptyId = eoa('empty', { hash: addressFor(seed, 'empty'), name: 'Unused Wallet' });
  const validators: Validator[] = [];
  for (let v = 0; v < scenario.validators; v++) {
    const feeRecipientId = eoa(`validator:${v}:fee`, {
      hash: addressFor(seed, `validator:${v}:fee`),
      publicTags: [{ displayName: `Validator ${v + 1}`, label: 'validator' }],
    });
    const sameAddress = stream(seed, `validator:${v}`).chance(0.25);
    const withdrawalId = sameAddress ? feeRecipientId : eoa(`validator:${v}:withdrawal`);
    validators.push({ index: 1_000 + v * 37, feeRecipientId, withdrawalId });
  }
  const eoas: number[] = [];
  for (let i = 0; i < scenario.accounts; i++) {
    const label = `eoa:${i}`;
    eoas.push(eoa(label, { hash: addressFor(seed, label), genesisBalance: allocation(seed, label), decorate: true }));
  }
  const collectors = (scenario.collectors ?? []).map(({ handle, collections }) => {
    const id = eoa(`collector:${handle}`, {
      hash: addressFor(seed, `collector:${handle}`),
      genesisBalance: 2n * ETHER,
    });
    state.handles[handle] = state.accounts[id]!.hash;
    return { id, collections };
  });
  const dropCreatorId =
    collectors.length || scenario.lists?.some((l) => l.nftCollections)
      ? eoa('drop-creator', {
          hash: addressFor(seed, 'drop-creator'),
          genesisBalance: 500n * ETHER,
          publicTags: [{ displayName: 'NFT Creator', label: 'nft-creator' }],
        })
      : undefined;
  // Named accounts last, so a scenario without them keeps every other account's id.
  const named = new Map<string, number>();
  const byMnemonic = new Map<number, number>();
  const ownKeys: { id: number; privateKey: Hex }[] = [];
  for (const account of scenario.entities?.accounts ?? []) {
    const fixed = namedAddressOf(account);
    const id = eoa(`named:${account.name}`, {
      hash:
        fixed === undefined ? addressFor(seed, `named:${account.name}`) : Address.checksum(fixed.toLowerCase() as Hex),
      // The test account it stands for is funded as the others are, unless it says otherwise.
      genesisBalance:
        account.balance === undefined && (account.mnemonicIndex ?? Infinity) < testAccountCount(scenario)
          ? testAccountBalance(scenario)
          : (parseCoinAmount(account.balance ?? '0') as bigint),
      // A name tag is the explorer's metadata tag of type "name" (its `name` field is for validators and contracts).
      ...(account.nameTag
        ? { metadata: { slug: slug(account.nameTag), name: account.nameTag, tagType: 'name', ordinal: 0, meta: {} } }
        : {}),
      ...(account.ens ? { ensName: account.ens } : {}),
      publicTags: (account.publicTags ?? []).map((displayName) => ({ displayName, label: slug(displayName) })),
    });
    named.set(account.name, id);
    if (account.mnemonicIndex !== undefined) byMnemonic.set(account.mnemonicIndex, id);
    else if (account.privateKey !== undefined) ownKeys.push({ id, privateKey: account.privateKey as Hex });
  }
  // The funded test accounts after them (a scenario without any keeps every other id), each the
  // named account that took its mnemonic index, if one did.
  const quiet = new Set(named.values());
  for (let i = 0; i < testAccountCount(scenario); i++) {
    const key = testKey(i);
    const id =
      byMnemonic.get(i) ?? eoa(`test:${i}`, { hash: key.address, genesisBalance: testAccountBalance(scenario) });
    quiet.add(id);
    state.keys.push({ id, privateKey: key.privateKey });
  }
  for (const [index, id] of byMnemonic)
    if (index >= testAccountCount(scenario)) state.keys.push({ id, privateKey: testKey(index).privateKey });
  state.keys.push(...ownKeys);
  // A named account with an NFT-collections guarantee collects drops like a scenario's collectors.
  for (const list of scenario.lists ?? [])
    if (list.nftCollections) collectors.push({ id: named.get(list.account)!, collections: list.nftCollections });
  return {
    zeroId,
    named,
    quiet,
    namedTokens: new Map(),
    namedContracts: new Map(),
    namedSmartAccounts: new Map(),
    deployerId,
    whaleId,
    onePageId,
    emptyId,
    eoas,
    validators,
    collectors,
    dropCreatorId,
    tokens: { 'ERC-20': [], 'ERC-721': [], 'ERC-1155': [], 'ERC-404': [] },
    issuer: new Map(),
    contracts: { minimalProxies: [] },
    deposits: new Map(),
  };
}
