import { type TokenReader, tokenWrite } from '../../../generators/contracts/tokenRules.js';
import type { TokenType } from '../../chain/types.js';
import { tokenOf } from '../../domain/tokens.js';
import {
  allowanceAt,
  lastEventOf,
  lastNftTransfer,
  nftOwnerAt,
  tokenBalanceAt,
  totalSupplyAt,
} from '../../domain/tokenState.js';
import type { CallEnv } from './callEnv.js';
import { type ModelOutcome, NotModelled, returns, reverts } from './outcome.js';

/** The interfaces each token standard's contract answers `supportsInterface` for (ERC-165 itself included). */
const INTERFACES: Readonly<Record<string, readonly string[]>> = {
  'ERC-721': ['0x01ffc9a7', '0x80ac58cd', '0x5b5e139f'],
  'ERC-1155': ['0x01ffc9a7', '0xd9b67a26', '0x0e89341c'],
};

const ZERO = '0x0000000000000000000000000000000000000000';

/** The account id of a lower-case address, or -1 when the chain never saw it (it holds nothing). */
const idOf = (env: CallEnv, address: unknown) => env.ctx.chain.accountByHash.get(String(address).toLowerCase()) ?? -1;
const holding = (env: CallEnv, holder: unknown, nftId?: bigint) => {
  const id = idOf(env, holder);
  return id < 0 ? 0n : tokenBalanceAt(env.ctx.facts, env.self, id, env.height, nftId);
};
const lowerOf = (address: unknown) => String(address).toLowerCase();
const ownerOf = (env: CallEnv, nftId: bigint) =>
  env.ctx.chain.accounts[nftOwnerAt(env.ctx.facts, env.self, nftId, env.height)]!.lower;
const approvedForAll = (env: CallEnv, owner: unknown, operator: unknown) =>
  (lastEventOf(env.ctx.facts, env.self, 'ApprovalForAll', [lowerOf(owner), lowerOf(operator)], env.height)?.[2] as
    | boolean
    | undefined) ?? false;

/** The account approved for an NFT: its owner's last approval of the id since it last moved (a transfer clears it). */
function approvedOf(env: CallEnv, id: bigint): string | undefined {
  const { facts } = env.ctx;
  const moved = lastNftTransfer(facts, env.self, id, env.height);
  const since = moved === undefined ? -1 : env.ctx.chain.tokenTransfers.at(moved)!.transaction;
  const approval = lastEventOf(facts, env.self, 'Approval', [ownerOf(env, id), undefined, id], env.height, since);
  return approval && lowerOf(approval[1]);
}

/** The token's state at the block asked, as the write rules read it. */
export const readerOf = (env: CallEnv, type: TokenType): TokenReader => ({
  type,
  balanceOf: (holder, id) => holding(env, holder, id),
  allowance: (owner, spender) => allowanceAt(env.ctx.facts, env.self, owner, spender, env.height),
  ownerOf: (id) => {
    const owner = ownerOf(env, id);
    return owner === ZERO ? undefined : owner;
  },
  approved: (id) => approvedOf(env, id),
  approvedForAll: (owner, operator) => approvedForAll(env, owner, operator),
});

/** What a token contract answers: its views from the ledger at the block asked; what its writes would do, from the caller's holdings. */
export function tokenModel(env: CallEnv, name: string, args: readonly unknown[]): ModelOutcome | NotModelled {
  const token = tokenOf(env.ctx.facts, env.self);
  const contract = env.ctx.chain.accounts[env.self]!.contract!;
  const write = tokenWrite(readerOf(env, token.type), env.from, name, args);
  if (write) return write.ok ? returns(...write.returns) : reverts(write.reason);
  switch (`${token.type}:${name}`) {
    case 'ERC-20:name':
    case 'ERC-721:name':
    case 'ERC-404:name':
      return returns(token.name);
    case 'ERC-20:symbol':
    case 'ERC-721:symbol':
    case 'ERC-404:symbol':
      return returns(token.symbol);
    case 'ERC-20:decimals':
    case 'ERC-404:decimals':
      return returns(token.decimals);
    case 'ERC-20:totalSupply':
      return returns(totalSupplyAt(env.ctx.facts, env.self, env.height));
    case 'ERC-20:balanceOf':
    case 'ERC-404:balanceOf':
      return returns(holding(env, args[0]));
    case 'ERC-721:balanceOf':
      return returns(holding(env, args[0]));
    case 'ERC-1155:balanceOf':
      return returns(holding(env, args[0], args[1] as bigint));
    case 'ERC-1155:balanceOfBatch': {
      const [accounts, ids] = args as [readonly string[], readonly bigint[]];
      if (accounts.length !== ids.length) return reverts(null);
      return returns(accounts.map((a, i) => holding(env, a, ids[i]!)));
    }
    case 'ERC-20:allowance':
      return returns(allowanceAt(env.ctx.facts, env.self, lowerOf(args[0]), lowerOf(args[1]), env.height));
    case 'ERC-721:ownerOf':
    case 'ERC-404:ownerOf': {
      const owner = ownerOf(env, args[0] as bigint);
      if (owner !== ZERO) return returns(owner);
      return token.type === 'ERC-721' ? reverts('ERC721: invalid token ID') : reverts(null);
    }
    case 'ERC-721:tokenURI':
      return returns(`${String(contract.constructorArgs[2] ?? '')}${args[0] as bigint}.json`);
    case 'ERC-1155:uri':
      return returns(String(contract.constructorArgs[0] ?? ''));
    case 'ERC-721:getApproved':
      return returns(approvedOf(env, args[0] as bigint) ?? ZERO);
    case 'ERC-721:isApprovedForAll':
    case 'ERC-1155:isApprovedForAll':
      return returns(approvedForAll(env, args[0], args[1]));
    case 'ERC-721:supportsInterface':
    case 'ERC-1155:supportsInterface':
      return returns((INTERFACES[token.type] ?? []).includes(String(args[0]).toLowerCase()));
    default:
      return new NotModelled(`${token.type} ${name}`);
  }
}
