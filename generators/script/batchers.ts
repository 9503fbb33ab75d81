import * as Address from 'ox/Address';
import type { Hex } from '../../src/chain/types.js';
import { ETHER } from '../ledger/blockContext.js';
import { registerAccount } from '../ledger/registerAccount.js';
import type { LedgerState } from '../ledger/state.js';

/** A rollup that posts its batches as blobs (EIP-4844): its batch sender and the inbox it sends to. */
export interface Batcher {
  readonly senderId: number;
  readonly inboxId: number;
}

/** OP-stack rollups' batch senders and batch inboxes on Ethereum (plain accounts: an inbox has no code). */
const ROLLUPS: readonly { readonly name: string; readonly sender: Hex; readonly inbox: Hex }[] = [
  {
    name: 'Base',
    sender: '0x5050f69a9786f081509234f1a7f4684b5e5b76c9',
    inbox: '0xff00000000000000000000000000000000008453',
  },
  {
    name: 'OP Mainnet',
    sender: '0x6887246668a3b87f54deb3b94ba47a6f63f32985',
    inbox: '0xff00000000000000000000000000000000000010',
  },
];

/** Registers each rollup's batch sender (funded at genesis) and inbox, tagged as explorers tag them. */
export const registerBatchers = (state: LedgerState): Batcher[] =>
  ROLLUPS.map(({ name, sender, inbox }) => ({
    senderId: registerAccount(state, `batcher:${name}:sender`, {
      hash: Address.checksum(sender),
      genesisBalance: 500n * ETHER,
      name: `${name}: Batch Sender`,
    }),
    inboxId: registerAccount(state, `batcher:${name}:inbox`, {
      hash: Address.checksum(inbox),
      name: `${name}: Batch Inbox`,
    }),
  }));
