import type { Hex, TokenType } from '../../chain/types.js';

/** A log as the EVM emitted it, lower-case hex. */
export interface EmittedLog {
  readonly address: string;
  readonly topics: readonly Hex[];
  readonly data: Hex;
}

export const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
export const TRANSFER_SINGLE = '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62';
export const TRANSFER_BATCH = '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb';

/** The token standard a first transfer log shows, as the explorer's indexer reads it, or undefined. */
export function transferStandard(log: EmittedLog): TokenType | undefined {
  if (log.topics[0] === TRANSFER && log.topics.length === 3 && log.data.length === 66) return 'ERC-20';
  if (log.topics[0] === TRANSFER && log.topics.length === 4 && log.data === '0x') return 'ERC-721';
  if ((log.topics[0] === TRANSFER_SINGLE || log.topics[0] === TRANSFER_BATCH) && log.topics.length === 4)
    return 'ERC-1155';
  return undefined;
}
