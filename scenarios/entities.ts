/**
 * The checks a scenario's entities need beyond their schema: what each one asks must be possible
 * on a chain (a free, checksummed, non-reserved address; names that exist; enough coin).
 */
import { MULTICALL3_ADDRESS } from '../generators/contracts/multicall3.js';
import { callAbi, contractProblem, readAbiName, readFunction } from './contractEntities.js';
import { addressOfKey, privateKeyProblem, testKey } from '../src/chain/testKeys.js';
import type { NamedAccount, Scenario, ScriptedTransaction } from './types.js';
import { checksumProblem, type EntityProblem, parseCoinAmount, parseTokenAmount, ZERO_ADDRESS } from './values.js';

/** At most this many withdrawals of one account in a block (Ethereum's cap for all of them). */
export const MAX_WITHDRAWALS_PER_BLOCK = 16;

/** The blocks an account's guaranteed withdrawals are spread over: from block 2 to 90% of the chain. */
export const withdrawalBlocks = (blocks: number): number[] =>
  Array.from({ length: Math.max(1, Math.floor(blocks * 0.9) - 1) }, (_, k) => 2 + k);

/** What each list transaction may cost its sender at most: its value and 21,000 gas at a fee cap well above the chain's. */
export const LIST_TRANSACTION_VALUE = 10n ** 14n;
export const LIST_TRANSACTION_BUDGET = 5n * 10n ** 15n;

/** Gas limit of a scenario's blocks: twice its mean traffic at 75,000 gas a transaction, at least 3M. */
export const blockGasLimit = (scenario: Pick<Scenario, 'transactionsPerBlock' | 'blockGasLimit'>): number =>
  scenario.blockGasLimit ??
  Math.max(3_000_000, Math.ceil((scenario.transactionsPerBlock * 2 * 75_000) / 100_000) * 100_000);

/** Most gas the deployment of a list's token takes (a lean ERC-20). */
export const LIST_TOKEN_GAS = 1_000_000;

/** How many test accounts a scenario funds (default 10, as Anvil). */
export const testAccountCount = (scenario: Pick<Scenario, 'testAccounts'>): number =>
  scenario.testAccounts?.count ?? 10;

/** Each test account's genesis balance (default 10,000 coins). */
export const testAccountBalance = (scenario: Pick<Scenario, 'testAccounts'>): bigint =>
  parseCoinAmount(scenario.testAccounts?.balance ?? '10000 ETH') as bigint;

/** A named account's address when the file fixes it: given, or following from its key. */
export function namedAddressOf(account: NamedAccount): string | undefined {
  if (account.address !== undefined) return account.address;
  if (account.privateKey !== undefined) return addressOfKey(account.privateKey as `0x${string}`);
  if (account.mnemonicIndex !== undefined) return testKey(account.mnemonicIndex).address;
  return undefined;
}

/** The zero address and the precompiles up to Prague (0x01 to 0x11): no account can live there. */
const isReserved = (lower: string) => /^0x0{38}[0-9a-f]{2}$/.test(lower) && parseInt(lower.slice(40), 16) <= 0x11;

/** What identifies a smart account an activity entry's user operation comes from. */
export const smartAccountKey = (op: NonNullable<ScriptedTransaction['userOperation']>): string =>
  `${op.entryPoint ?? '0.7'}:${op.owner}:${op.salt ?? 0}`;

/**
 * The smart accounts the activity's user operations name (`userOperation.account`), or the first
 * problem: a name taken by another entity, one name for two accounts (owner, salt, EntryPoint), or
 * two names for one.
 */
export function smartAccountNames(
  activity: readonly ScriptedTransaction[],
  taken: (name: string) => boolean,
): { readonly names: ReadonlyMap<string, string> } | EntityProblem {
  const names = new Map<string, string>();
  const byKey = new Map<string, { name: string; at: number }>();
  const named = new Map<string, number>();
  for (const [i, tx] of activity.entries()) {
    const op = tx.userOperation;
    if (op?.account === undefined) continue;
    const path = `activity[${i}].userOperation.account`;
    const key = smartAccountKey(op);
    if (taken(op.account))
      return { path, problem: `"${op.account}" is already the name of an account, a token or a contract` };
    const other = names.get(op.account);
    if (other !== undefined && other !== key)
      return {
        path,
        problem: `"${op.account}" already names the smart account of activity[${named.get(op.account)}] (another owner, salt or entry point)`,
      };
    const before = byKey.get(key);
    if (before !== undefined && before.name !== op.account)
      return { path, problem: `this smart account is already named "${before.name}" in activity[${before.at}]` };
    names.set(op.account, key);
    if (!named.has(op.account)) named.set(op.account, i);
    if (!before) byKey.set(key, { name: op.account, at: i });
  }
  return { names };
}

/** The first thing a scenario's entities and lists ask that a chain cannot give, or null. */
export function entityProblem(scenario: Scenario): EntityProblem | null {
  const accounts = scenario.entities?.accounts ?? [];
  const names = new Map<string, number>();
  // Every pinned address (accounts, tokens, contracts), with the entity there.
  const pinned = new Map<string, string>([
    [MULTICALL3_ADDRESS.toLowerCase(), 'Multicall3, which every chain has there'],
  ]);
  const claim = (address: string, at: string): string | null => {
    const lower = address.toLowerCase();
    const problem =
      checksumProblem(address) ??
      (isReserved(lower)
        ? `${address} is the zero address or a precompile`
        : pinned.has(lower)
          ? `${address} is already the address of ${pinned.get(lower)}`
          : null);
    if (!problem) pinned.set(lower, at);
    return problem;
  };
  for (const [i, account] of accounts.entries()) {
    const at = `entities.accounts[${i}]`;
    if (names.has(account.name))
      return {
        path: `${at}.name`,
        problem: `"${account.name}" is already the name of entities.accounts[${names.get(account.name)}]`,
      };
    names.set(account.name, i);
    const ways = (['address', 'privateKey', 'mnemonicIndex'] as const).filter((k) => account[k] !== undefined);
    if (ways.length > 1)
      return {
        path: `${at}.${ways[1]}`,
        problem: `give one of address, privateKey and mnemonicIndex: its address follows from each (got ${ways.join(' and ')})`,
      };
    if (account.privateKey !== undefined) {
      const bad = privateKeyProblem(account.privateKey);
      if (bad) return { path: `${at}.privateKey`, problem: bad };
    }
    const fixed = namedAddressOf(account);
    const taken = fixed === undefined ? null : claim(fixed, at);
    if (taken) return { path: `${at}.${ways[0]}`, problem: taken };
    if (account.balance !== undefined) {
      const wei = parseCoinAmount(account.balance);
      if (typeof wei === 'string') return { path: `${at}.balance`, problem: wei };
    }
  }
  // The funded test accounts are where their keys put them: a named account there must say it is one.
  const named = new Set(accounts.map((a) => a.mnemonicIndex).filter((i) => i !== undefined));
  for (let i = 0; i < testAccountCount(scenario); i++) {
    if (named.has(i)) continue;
    const taken = claim(testKey(i).address, `test account ${i}`);
    if (taken)
      return {
        path: 'testAccounts.count',
        problem: `test account ${i} (${testKey(i).address}): ${taken}; give that account mnemonicIndex ${i} instead`,
      };
  }
  if (scenario.testAccounts?.balance !== undefined) {
    const wei = parseCoinAmount(scenario.testAccounts.balance);
    if (typeof wei === 'string') return { path: 'testAccounts.balance', problem: wei };
  }
  const symbols = new Map<string, number>();
  for (const [i, token] of (scenario.entities?.tokens ?? []).entries()) {
    const at = `entities.tokens[${i}]`;
    if (symbols.has(token.symbol))
      return {
        path: `${at}.symbol`,
        problem: `"${token.symbol}" is already the symbol of entities.tokens[${symbols.get(token.symbol)}]`,
      };
    if (names.has(token.symbol))
      return {
        path: `${at}.symbol`,
        problem: `"${token.symbol}" is already the name of entities.accounts[${names.get(token.symbol)}] (a token's symbol is its handle)`,
      };
    symbols.set(token.symbol, i);
    const taken = token.address === undefined ? null : claim(token.address, at);
    if (taken) return { path: `${at}.address`, problem: taken };
    const fungible = token.type === 'ERC-20';
    if (token.decimals !== undefined && token.type !== 'ERC-20' && token.type !== 'ERC-404')
      return { path: `${at}.decimals`, problem: `an ${token.type} has no decimals` };
    if (token.metadata !== undefined && fungible)
      return { path: `${at}.metadata`, problem: 'an ERC-20 has no NFT metadata' };
    const ids = new Map<number, string>();
    for (const [holder, held] of Object.entries(token.holders ?? {})) {
      const path = `${at}.holders.${holder}`;
      if (!names.has(holder)) return { path, problem: `no account named "${holder}" in entities.accounts` };
      if (fungible !== (typeof held === 'string'))
        return {
          path,
          problem: fungible
            ? 'an ERC-20 holder holds an amount, such as "1000.5"'
            : `an ${token.type} holder holds token ids, such as [1, 2]`,
        };
      if (typeof held === 'string') {
        const units = parseTokenAmount(held, token.decimals ?? 18);
        if (typeof units === 'string') return { path, problem: units };
        continue;
      }
      for (const id of held) {
        if (ids.has(id) && token.type !== 'ERC-1155')
          return { path, problem: `token id ${id} is already held by ${ids.get(id)}` };
        ids.set(id, holder);
      }
    }
  }
  const contracts = scenario.entities?.contracts ?? [];
  const takenNames = new Map<string, string>([
    ...[...names].map(([n, k]) => [n, `entities.accounts[${k}]`] as const),
    ...[...symbols].map(([n, k]) => [n, `entities.tokens[${k}]`] as const),
  ]);
  const contractFound = contractProblem(contracts, names, scenario.entities?.tokens ?? [], takenNames, claim);
  if (contractFound) return contractFound;
  const contractNames = new Set(contracts.map((c) => c.name));
  const smart = smartAccountNames(
    scenario.activity ?? [],
    (name) => names.has(name) || symbols.has(name) || contractNames.has(name),
  );
  if ('problem' in smart) return smart;
  for (const [i, tx] of (scenario.activity ?? []).entries()) {
    const at = `activity[${i}]`;
    if (!names.has(tx.from))
      return { path: `${at}.from`, problem: `no account named "${tx.from}" in entities.accounts` };
    if (tx.userOperation !== undefined && !names.has(tx.userOperation.owner))
      return {
        path: `${at}.userOperation.owner`,
        problem: `no account named "${tx.userOperation.owner}" in entities.accounts`,
      };
    if (!names.has(tx.to) && !symbols.has(tx.to) && !contractNames.has(tx.to) && !smart.names.has(tx.to))
      return {
        path: `${at}.to`,
        problem: smart.names.size
          ? `no account named "${tx.to}", no token with that symbol, no contract and no smart account with that name`
          : `no account named "${tx.to}", no token with that symbol and no contract with that name`,
      };
    if (tx.userOperation !== undefined && (tx.delegate !== undefined || tx.emits || tx.sets))
      return {
        path: `${at}.userOperation`,
        problem: 'a user operation makes one call from the smart account: give no delegate, emits or sets',
      };
    if (smart.names.has(tx.to) && (tx.call || tx.status === 'error' || tx.delegate !== undefined))
      return {
        path: `${at}.to`,
        problem: `"${tx.to}" is a smart account: a transaction to it only sends coin (no call, delegate or status "error")`,
      };
    if (tx.delegate !== undefined) {
      if (!names.has(tx.to))
        return {
          path: `${at}.to`,
          problem: 'a set-code transaction (delegate) goes to the named account that delegates',
        };
      if (!contractNames.has(tx.delegate) && tx.delegate.toLowerCase() !== ZERO_ADDRESS)
        return {
          path: `${at}.delegate`,
          problem: `no contract named "${tx.delegate}" (or the zero address, which clears a delegation)`,
        };
      if (tx.call || tx.value !== undefined || tx.status !== undefined || tx.emits || tx.sets)
        return {
          path: `${at}.delegate`,
          problem: 'a set-code transaction here only delegates: give no call, value, status, emits or sets',
        };
    }
    if (tx.call && names.has(tx.to))
      return { path: `${at}.call`, problem: `"${tx.to}" is an account: a call goes to a named token or contract` };
    if (tx.revertReason !== undefined && tx.status !== 'error')
      return { path: `${at}.revertReason`, problem: 'a revert reason needs status "error"' };
    if (tx.status === 'error' && names.has(tx.to))
      return {
        path: `${at}.status`,
        problem: 'a plain transfer to an account cannot fail: a failing transaction calls a token or contract',
      };
    if (tx.emits !== undefined && (!contractNames.has(tx.to) || !tx.call || tx.status === 'error'))
      return { path: `${at}.emits`, problem: 'events are emitted by a successful call of a named contract' };
    if (tx.sets !== undefined && (!contractNames.has(tx.to) || tx.status === 'error'))
      return {
        path: `${at}.sets`,
        problem: "a successful transaction to a named contract sets what that contract's views return",
      };
    const callee = contracts.find((c) => c.name === tx.to);
    for (const [k, read] of (tx.sets ?? []).entries()) {
      const fn = readFunction(callAbi(contracts, callee!), read, readAbiName(callee!));
      if ('problem' in fn) return { path: `${at}.sets[${k}]${fn.field}`, problem: fn.problem };
    }
    if (tx.value !== undefined && typeof parseCoinAmount(tx.value) === 'string')
      return { path: `${at}.value`, problem: parseCoinAmount(tx.value) as string };
  }
  for (const [i, list] of (scenario.lists ?? []).entries()) {
    const owner = names.get(list.account);
    if (owner === undefined)
      return { path: `lists[${i}].account`, problem: `no account named "${list.account}" in entities.accounts` };
    if (
      !list.transactions &&
      !list.tokenTransfers &&
      !list.nftCollections &&
      !list.withdrawals &&
      !list.internalTransactions &&
      !list.tokens
    )
      return {
        path: `lists[${i}]`,
        problem:
          'asks for no list: give transactions, tokenTransfers, internalTransactions, tokens, nftCollections or withdrawals',
      };
    const withdrawals = (scenario.lists ?? [])
      .filter((l) => l.account === list.account)
      .reduce((sum, l) => sum + (l.withdrawals ?? 0), 0);
    const room = MAX_WITHDRAWALS_PER_BLOCK * withdrawalBlocks(scenario.blocks).length;
    if (withdrawals > room)
      return {
        path: `lists[${i}].withdrawals`,
        problem: `${withdrawals} withdrawals do not fit: at most ${MAX_WITHDRAWALS_PER_BLOCK} a block over ${withdrawalBlocks(scenario.blocks).length} blocks (${room}); raise blocks`,
      };
    const tokens = (scenario.lists ?? []).reduce((sum, l) => sum + (l.tokens ?? 0), 0);
    // Token deployments are the heavy list steps: half the chain's blocks (after the set-up, before the end) must hold them.
    const perBlock = Math.max(1, Math.floor(blockGasLimit(scenario) / LIST_TOKEN_GAS));
    const tokenRoom = Math.floor(0.5 * scenario.blocks) * perBlock;
    if (list.tokens && tokens > tokenRoom)
      return {
        path: `lists[${i}].tokens`,
        problem: `${tokens} token deployments do not fit in ${scenario.blocks} blocks of ${blockGasLimit(scenario)} gas (room for ${tokenRoom}); raise blocks to ${2 * Math.ceil(tokens / perBlock)}`,
      };
    if (!list.transactions) continue;
    const sent = (scenario.lists ?? [])
      .filter((l) => l.account === list.account)
      .reduce((sum, l) => sum + (l.transactions ?? 0), 0);
    const balance = parseCoinAmount(accounts[owner]!.balance ?? '0') as bigint;
    const needed = BigInt(sent) * LIST_TRANSACTION_BUDGET;
    if (balance < needed)
      return {
        path: `lists[${i}].transactions`,
        problem: `${list.account} needs a balance of at least ${Number(needed) / 1e18} ETH to send ${sent} transactions, has ${Number(balance) / 1e18} ETH`,
      };
  }
  return null;
}
