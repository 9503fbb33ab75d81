import * as Address from 'ox/Address';
import type { Account, AddressMetadata, Contract, Hex, TagLabel } from '../../src/chain/types.js';
import { stream } from '../random/stream.js';
import { withFaker } from '../random/withFaker.js';

export interface AccountDraft {
  readonly hash: Hex;
  readonly genesisBalance?: bigint;
  readonly contract?: Contract | null;
  /** Fixed name (contracts take their contract name). */
  readonly name?: string | null;
  /** Draw names, ENS names, tags and metadata from the account's label, at these odds. */
  readonly decorate?: boolean;
  readonly publicTags?: readonly TagLabel[];
  /** Fixed ENS name. */
  readonly ensName?: string;
  /** Fixed metadata tag (a name tag, as the explorer's metadata service gives one). */
  readonly metadata?: AddressMetadata;
}

export const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A random address for a label. */
export const addressFor = (seed: string, label: string): Hex =>
  Address.checksum(stream(seed, `address:${label}`).hex(20));

/** Builds an account; `label` is the stable label its decorations are drawn from. */
export function makeAccount(seed: string, label: string, id: number, draft: AccountDraft): Account {
  const rng = stream(seed, `account:${label}`);
  const decorate = draft.decorate ?? false;
  // Every chance is drawn whether or not it is used, so one decoration never shifts another.
  const rolls = [rng.next(), rng.next(), rng.next(), rng.next(), rng.next(), rng.next()];
  const wants = decorate
    ? {
        name: rolls[0]! < 0.1,
        ens: rolls[1]! < 0.1,
        tag: rolls[2]! < 0.05,
        watch: rolls[3]! < 0.04,
        priv: rolls[4]! < 0.04,
        meta: rolls[5]! < 0.04,
      }
    : null;
  // Only the wanted decorations are drawn: Faker is the slow part of building accounts.
  const text =
    wants && Object.values(wants).some(Boolean)
      ? withFaker(seed, `account:${label}`, (f) => {
          const company = wants.tag || wants.meta ? f.company.name() : '';
          return {
            person: wants.name ? f.person.fullName() : '',
            company,
            ens: wants.ens
              ? `${f.internet
                  .username()
                  .toLowerCase()
                  .replace(/[^a-z0-9]/g, '')}.eth`
              : '',
            tag: wants.tag
              ? `${company.split(/[ ,-]/)[0]} ${f.helpers.arrayElement(['Hot Wallet', 'Treasury', 'Deployer', 'Bridge', 'Market Maker'])}`
              : '',
            watch: wants.watch
              ? f.helpers.arrayElement(['Cold storage', 'Payroll', 'Friend', 'Exchange deposit', 'Suspicious'])
              : '',
            priv: wants.priv ? f.helpers.arrayElement(['My wallet', 'Savings', 'Airdrop farm', 'Old account']) : '',
            ordinal: wants.meta ? f.number.int({ min: 0, max: 9 }) : 0,
            tagType: wants.meta
              ? f.helpers.arrayElement(['name', 'generic', 'protocol', 'classifier'] as const)
              : ('name' as const),
          };
        })
      : null;
  const tagOf = (displayName: string): TagLabel => ({ displayName, label: slug(displayName) });
  const metadata: AddressMetadata | null =
    draft.metadata ??
    (wants?.meta && text
      ? {
          slug: slug(text.company),
          name: text.company,
          tagType: text.tagType,
          ordinal: text.ordinal,
          meta: { tooltipUrl: `https://${slug(text.company)}.example` },
        }
      : null);
  return {
    id,
    hash: draft.hash,
    lower: draft.hash.toLowerCase(),
    name: draft.name ?? (wants?.name && text ? text.person : null),
    ensName: draft.ensName ?? (wants?.ens && text ? text.ens : null),
    publicTags: [...(draft.publicTags ?? []), ...(wants?.tag && text ? [tagOf(text.tag)] : [])],
    privateTags: wants?.priv && text ? [tagOf(text.priv)] : [],
    watchlistNames: wants?.watch && text ? [tagOf(text.watch)] : [],
    metadata,
    contract: draft.contract ?? null,
    genesisBalance: draft.genesisBalance ?? 0n,
    balance: draft.genesisBalance ?? 0n,
    balanceUpdatedAt: null,
    nonce: 0,
  };
}
