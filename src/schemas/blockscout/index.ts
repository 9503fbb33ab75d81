export { addressWithdrawal, blockWithdrawal, internalTransaction, withdrawal } from './activity.js';
export { address, addressRef, topAddress } from './address.js';
export { block, blockDetail } from './block.js';
export { decodedInput, decodedLogInput, implementation, metadataTag } from './general.js';
export { smartContract, unverifiedSmartContract, verifiedSmartContract } from './smartContract.js';
export { token } from './token.js';
export { nftCollection, tokenBalance, tokenInstance, tokenInstanceInList } from './tokenInstance.js';
export { tokenTransfer, transaction, transactionDetail } from './transaction.js';
