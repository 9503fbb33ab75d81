/**
 * What each resource looks like in each profile, from the schemas that validate it: the seed
 * spec's (`src/schemas/*.ts`) and Blockscout v11's (`src/schemas/blockscout/`). Views build a
 * resource's spec form with the profile's own embedded objects (`…Form<P>`), and the profile's
 * format turns it into the profile's shape (`Shape<P, …>`).
 */
import type { z } from 'zod';
import type * as B from '../schemas/blockscout/index.js';
import type { bsPendingTransaction, bsPendingTransactionDetail } from '../schemas/blockscout/pendingTransaction.js';
import type { specPendingTransaction } from '../schemas/pendingTransaction.js';
import type * as S from '../schemas/index.js';
import type { Profile } from '../schemas/profile.js';

type Out<T extends z.ZodType> = z.output<T>;

export interface Shapes {
  readonly spec: {
    readonly addressRef: S.AddressRef;
    readonly address: S.Address;
    readonly addressListItem: S.AddressListItem;
    readonly token: S.Token;
    readonly transaction: S.Transaction;
    readonly transactionDetail: S.Transaction;
    readonly tokenTransfer: S.TokenTransfer;
    readonly block: S.Block;
    readonly blockDetail: S.Block;
    readonly internalTransaction: S.InternalTransaction;
    readonly smartContract: S.SmartContract;
    readonly tokenInstance: S.TokenInstance;
    readonly collectionInstance: S.CollectionTokenInstance;
    readonly blockWithdrawal: S.Withdrawal;
    readonly pendingTransaction: Out<typeof specPendingTransaction>;
    readonly pendingTransactionDetail: Out<typeof specPendingTransaction>;
  };
  readonly blockscout: {
    readonly addressRef: Out<typeof B.addressRef>;
    readonly address: Out<typeof B.address>;
    readonly addressListItem: Out<typeof B.topAddress>;
    readonly token: Out<typeof B.token>;
    readonly transaction: Out<typeof B.transaction>;
    readonly transactionDetail: Out<typeof B.transactionDetail>;
    readonly tokenTransfer: Out<typeof B.tokenTransfer>;
    readonly block: Out<typeof B.block>;
    readonly blockDetail: Out<typeof B.blockDetail>;
    readonly internalTransaction: Out<typeof B.internalTransaction>;
    readonly smartContract: Out<typeof B.smartContract>;
    readonly tokenInstance: Out<typeof B.tokenInstance>;
    readonly collectionInstance: Out<typeof B.tokenInstanceInList>;
    readonly blockWithdrawal: Out<typeof B.blockWithdrawal>;
    readonly pendingTransaction: Out<typeof bsPendingTransaction>;
    readonly pendingTransactionDetail: Out<typeof bsPendingTransactionDetail>;
  };
}

export type Resource = keyof Shapes['spec'];
export type Shape<P extends Profile, R extends Resource> = Shapes[P][R];

/** The address reference (`from`, `to`, `miner`…) and the token object of profile `P`. */
export type Ref<P extends Profile> = Shape<P, 'addressRef'>;
export type TokenOut<P extends Profile> = Shape<P, 'token'>;

/** A resource in the spec's form, holding profile `P`'s own embedded objects. */
export type AddressForm<P extends Profile> = Omit<S.Address, 'token'> & { token: TokenOut<P> | null };
export type TokenTransferForm<P extends Profile> = Omit<S.TokenTransfer, 'from' | 'to' | 'token'> & {
  from: Ref<P>;
  to: Ref<P>;
  token: TokenOut<P>;
};
export type TransactionForm<P extends Profile> = Omit<
  S.Transaction,
  'from' | 'to' | 'created_contract' | 'token_transfers'
> & {
  from: Ref<P>;
  to: Ref<P> | null;
  created_contract: Ref<P> | null;
  token_transfers: Shape<P, 'tokenTransfer'>[];
};
export type BlockForm<P extends Profile> = Omit<S.Block, 'miner'> & { miner: Ref<P> };
export type InternalTransactionForm<P extends Profile> = Omit<
  S.InternalTransaction,
  'from' | 'to' | 'created_contract'
> & { from: Ref<P>; to: Ref<P> | null; created_contract: Ref<P> | null };
export type WithdrawalForm<P extends Profile> = Omit<S.Withdrawal, 'receiver'> & { receiver: Ref<P> };
export type TokenInstanceForm<P extends Profile> = Omit<S.TokenInstance, 'owner' | 'token'> & {
  owner: Ref<P>;
  token: TokenOut<P>;
};
export type CollectionInstanceForm<P extends Profile> = Omit<S.CollectionTokenInstance, 'owner'> & { owner: Ref<P> };
