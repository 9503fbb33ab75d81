import { z } from 'zod';
import { addressRef } from './address.js';
import { nonNegativeInteger, timestamp, wei } from './formats.js';

const withdrawalFields = {
  index: nonNegativeInteger,
  amount: wei,
  validator_index: nonNegativeInteger,
  block_number: nonNegativeInteger,
  timestamp,
};

export const withdrawal = z.strictObject({ ...withdrawalFields, receiver: addressRef }).meta({ id: 'Withdrawal' });

/** A withdrawal as the address withdrawals endpoint lists it: without `receiver`. */
export const addressWithdrawal = z.strictObject(withdrawalFields).meta({ id: 'AddressWithdrawal' });
