import type { TokenType } from '../../src/chain/types.js';

/**
 * What a token contract's writes read of its state, whoever keeps it: the node answering `eth_call`
 * reads the chain at a block, the ledger applying a sent transaction reads its own state now.
 * Addresses are lower-case.
 */
export interface TokenReader {
  readonly type: TokenType;
  /** A holder's balance (an ERC-1155 one: of `id`). */
  balanceOf(holder: string, id?: bigint): bigint;
  allowance(owner: string, spender: string): bigint;
  /** The owner of a live id, or undefined. */
  ownerOf(id: bigint): string | undefined;
  /** The account approved for an id since it last moved, or undefined. */
  approved(id: bigint): string | undefined;
  approvedForAll(owner: string, operator: string): boolean;
}

/** A token moved by a write: from, to, ids (null for ERC-20) and amounts. */
export interface TokenMove {
  readonly from: string;
  readonly to: string;
  readonly ids: readonly bigint[] | null;
  readonly amounts: readonly bigint[];
}

/** What a write does: its return values and the tokens it moves, or a revert with the reason its usual implementation gives. */
export type WriteOutcome =
  | { readonly ok: true; readonly returns: readonly unknown[]; readonly moves: readonly TokenMove[] }
  | { readonly ok: false; readonly reason: string | null };

const lower = (address: unknown) => String(address).toLowerCase();
const ZERO = '0x0000000000000000000000000000000000000000';
const ok = (returns: readonly unknown[], moves: readonly TokenMove[] = []): WriteOutcome => ({
  ok: true,
  returns,
  moves,
});
const revert = (reason: string | null): WriteOutcome => ({ ok: false, reason });

/** The writes each standard has, as the functions a sent transaction calls (`safeTransferFrom` of ERC-721 in both forms). */
export const TOKEN_WRITE_FUNCTIONS: Readonly<Partial<Record<TokenType, readonly string[]>>> = {
  'ERC-20': [
    'function transfer(address to, uint256 value) returns (bool)',
    'function approve(address spender, uint256 value) returns (bool)',
    'function transferFrom(address from, address to, uint256 value) returns (bool)',
  ],
  'ERC-721': [
    'function transferFrom(address from, address to, uint256 tokenId)',
    'function safeTransferFrom(address from, address to, uint256 tokenId)',
    'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
    'function approve(address to, uint256 tokenId)',
    'function setApprovalForAll(address operator, bool approved)',
  ],
  'ERC-1155': [
    'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
    'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] values, bytes data)',
    'function setApprovalForAll(address operator, bool approved)',
  ],
};

/**
 * What a token write called by `caller` does, by OpenZeppelin's rules and revert reasons: a
 * transfer needs the balance (or ownership, or an approval), `transferFrom` the allowance. The one
 * place these rules live: the node's `eth_call` and the ledger's sent transactions both ask it.
 * Undefined for a function that is not a write of the token's standard.
 */
export function tokenWrite(
  token: TokenReader,
  caller: string,
  name: string,
  args: readonly unknown[],
): WriteOutcome | undefined {
  switch (`${token.type}:${name}`) {
    case 'ERC-20:transfer': {
      const [to, amount] = args as [string, bigint];
      if (lower(to) === ZERO) return revert('ERC20: transfer to the zero address');
      return token.balanceOf(caller) >= amount
        ? ok([true], [{ from: caller, to: lower(to), ids: null, amounts: [amount] }])
        : revert('ERC20: transfer amount exceeds balance');
    }
    case 'ERC-20:approve':
      return lower(args[0]) === ZERO ? revert('ERC20: approve to the zero address') : ok([true]);
    case 'ERC-20:transferFrom': {
      const [from, to, amount] = args as [string, string, bigint];
      if (token.allowance(lower(from), caller) < amount) return revert('ERC20: insufficient allowance');
      if (lower(to) === ZERO) return revert('ERC20: transfer to the zero address');
      return token.balanceOf(lower(from)) >= amount
        ? ok([true], [{ from: lower(from), to: lower(to), ids: null, amounts: [amount] }])
        : revert('ERC20: transfer amount exceeds balance');
    }
    case 'ERC-721:transferFrom':
    case 'ERC-721:safeTransferFrom':
    case 'ERC-721:approve': {
      const id = (name === 'approve' ? args[1] : args[2]) as bigint;
      const owner = token.ownerOf(id);
      if (owner === undefined) return revert('ERC721: invalid token ID');
      if (name === 'approve' && lower(args[0]) === owner) return revert('ERC721: approval to current owner');
      const allowed =
        caller === owner ||
        token.approvedForAll(owner, caller) ||
        (name !== 'approve' && token.approved(id) === caller);
      if (!allowed)
        return revert(
          name === 'approve'
            ? 'ERC721: approve caller is not token owner or approved for all'
            : 'ERC721: caller is not token owner or approved',
        );
      if (name === 'approve') return ok([]);
      if (lower(args[0]) !== owner) return revert('ERC721: transfer from incorrect owner');
      if (lower(args[1]) === ZERO) return revert('ERC721: transfer to the zero address');
      return ok([], [{ from: owner, to: lower(args[1]), ids: [id], amounts: [1n] }]);
    }
    case 'ERC-721:setApprovalForAll':
    case 'ERC-1155:setApprovalForAll':
      if (lower(args[0]) !== caller) return ok([]);
      return revert(
        token.type === 'ERC-721' ? 'ERC721: approve to caller' : 'ERC1155: setting approval status for self',
      );
    case 'ERC-1155:safeTransferFrom':
    case 'ERC-1155:safeBatchTransferFrom': {
      const from = lower(args[0]);
      if (from !== caller && !token.approvedForAll(from, caller))
        return revert('ERC1155: caller is not token owner or approved');
      const ids = (name === 'safeTransferFrom' ? [args[2]] : args[2]) as bigint[];
      const values = (name === 'safeTransferFrom' ? [args[3]] : args[3]) as bigint[];
      if (ids.length !== values.length) return revert('ERC1155: ids and amounts length mismatch');
      if (lower(args[1]) === ZERO) return revert('ERC1155: transfer to the zero address');
      // Id by id, as the contract's loop spends them: an id named twice needs both amounts.
      const left = new Map<bigint, bigint>();
      for (const [i, id] of ids.entries()) {
        const have = left.get(id) ?? token.balanceOf(from, id);
        if (have < values[i]!) return revert('ERC1155: insufficient balance for transfer');
        left.set(id, have - values[i]!);
      }
      return ok([], [{ from, to: lower(args[1]), ids, amounts: values }]);
    }
    default:
      return undefined;
  }
}
