/**
 * The response schema of every route, for each profile: the spec's resource schemas or the ones
 * written from Blockscout's OpenApiSpex definitions (`src/schemas/blockscout/`), inside the same
 * envelopes. Tests validate every response against its profile's schema; the OpenAPI document of a
 * server describes the profile it runs.
 */
import { z } from 'zod';
import type { Profile } from './profile.js';
import { addressRef } from './address.js';
import { block } from './block.js';
import {
  addressWithdrawal as bsAddressWithdrawal,
  blockWithdrawal as bsBlockWithdrawal,
  internalTransaction as bsInternalTransaction,
  withdrawal as bsWithdrawal,
} from './blockscout/activity.js';
import { address as bsAddress, addressRef as bsAddressRef, topAddress } from './blockscout/address.js';
import { block as bsBlock, blockDetail as bsBlockDetail } from './blockscout/block.js';
import { errorBody, validationIssue } from './errors.js';
import { smartContract as bsSmartContract } from './blockscout/smartContract.js';
import { token as bsToken } from './blockscout/token.js';
import {
  nftCollection,
  tokenBalance,
  tokenInstance as bsTokenInstance,
  tokenInstanceInList as bsTokenInstanceInList,
} from './blockscout/tokenInstance.js';
import {
  tokenTransfer as bsTokenTransfer,
  tokenTransferTotal as bsTokenTransferTotal,
  transaction as bsTransaction,
  transactionDetail as bsTransactionDetail,
} from './blockscout/transaction.js';
import { type Resources, explorerPageResponses } from './explorerPages.js';
import { internalTransaction } from './internalTransaction.js';
import { type ResponseName, responses } from './responses.js';
import { token, tokenType } from './token.js';
import { tokenInstance } from './tokenInstance.js';
import { tokenTransfer } from './tokenTransfer.js';
import { transaction } from './transaction.js';
import { withdrawal } from './withdrawal.js';
import { wei } from './formats.js';
import { specPendingTransaction } from './pendingTransaction.js';
import { bsPendingTransaction, bsPendingTransactionDetail } from './blockscout/pendingTransaction.js';

const specResources: Resources = {
  addressRef,
  token,
  tokenInstance,
  tokenInstanceInList: tokenInstance.extend({ token_type: tokenType, value: wei }),
  tokenBalance: responses.addressTokens.shape.items.element,
  tokenTransfer,
  tokenTransferTotal: tokenTransfer.shape.total,
  transaction,
  transactionDetail: transaction,
  pendingTransaction: specPendingTransaction,
  pendingTransactionDetail: specPendingTransaction,
  block,
  blockDetail: block,
  internalTransaction,
  withdrawal,
  blockWithdrawal: withdrawal,
};

const blockscoutResources: Resources = {
  addressRef: bsAddressRef,
  token: bsToken,
  tokenInstance: bsTokenInstance,
  tokenInstanceInList: bsTokenInstanceInList,
  tokenBalance,
  tokenTransfer: bsTokenTransfer,
  tokenTransferTotal: bsTokenTransferTotal,
  transaction: bsTransaction,
  transactionDetail: bsTransactionDetail,
  pendingTransaction: bsPendingTransaction,
  pendingTransactionDetail: bsPendingTransactionDetail,
  block: bsBlock,
  blockDetail: bsBlockDetail,
  internalTransaction: bsInternalTransaction,
  withdrawal: bsWithdrawal,
  blockWithdrawal: bsBlockWithdrawal,
};

type Page = (typeof responses)['addresses'];
/** The same envelope (cursor keys, extra fields) around another item schema. */
const withItems = (page: z.ZodObject, item: z.ZodType) => (page as Page).extend({ items: z.array(item) });

/** The twelve in Blockscout's shapes: the spec's envelopes around Blockscout's items. */
const blockscoutTwelve: Record<ResponseName, z.ZodType> = {
  addresses: withItems(responses.addresses, topAddress),
  address: bsAddress,
  addressTokens: withItems(responses.addressTokens, tokenBalance),
  addressTokenTransfers: withItems(responses.addressTokenTransfers, bsTokenTransfer),
  addressTransactions: withItems(responses.addressTransactions, bsTransaction),
  addressInternalTransactions: withItems(responses.addressInternalTransactions, bsInternalTransaction),
  addressNftCollections: withItems(responses.addressNftCollections, nftCollection),
  addressWithdrawals: withItems(responses.addressWithdrawals, bsAddressWithdrawal),
  blocks: withItems(responses.blocks, bsBlock),
  blockTransactions: withItems(responses.blockTransactions, bsTransaction),
  transactionTokenTransfers: withItems(responses.transactionTokenTransfers, bsTokenTransfer),
  smartContract: bsSmartContract,
};

/** Blockscout v11 answers a 422 with the issues only (`JsonRenderErrorV2`); other errors with a message. */
const blockscoutError = z
  .union([z.strictObject({ message: z.string() }), z.strictObject({ errors: z.array(validationIssue) })])
  .meta({ id: 'BlockscoutError' });

export interface ProfileSchemas {
  /** The twelve endpoints' responses, by name. */
  readonly twelve: Record<ResponseName, z.ZodType>;
  /** Every other route's response, by path template under /api/v2. */
  readonly pages: Record<string, z.ZodType>;
  readonly error: z.ZodType;
}

const PROFILE_SCHEMAS: Record<Profile, ProfileSchemas> = {
  spec: { twelve: responses, pages: explorerPageResponses(specResources), error: errorBody },
  blockscout: { twelve: blockscoutTwelve, pages: explorerPageResponses(blockscoutResources), error: blockscoutError },
};

export const profileSchemas = (profile: Profile): ProfileSchemas => PROFILE_SCHEMAS[profile];
