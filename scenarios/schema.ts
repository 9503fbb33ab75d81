/**
 * The scenario language: one zod schema gives `defineScenario`'s types, the validation of every
 * scenario file, and the JSON Schema editors complete `.json` scenarios from.
 */
import { z } from 'zod';

const rate = z.number().min(0).max(1);
const count = (max: number) => z.number().int().min(0).max(max);

const handle = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'a name is a letter, then letters, digits and "_" (at most 40)');

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'an address is 0x and 40 hex digits');

/** An amount of the native coin: wei as digits, or a decimal with a unit ("12.5 ETH", "30 gwei"). */
export const coinAmount = z
  .string()
  .regex(
    /^(0|[1-9][0-9]*)(\.[0-9]+)?( (ETH|ether|gwei|wei))?$/,
    'wei as digits, or a decimal with a unit, such as "12.5 ETH" or "30 gwei"',
  );

/** An account the scenario names: it exists from genesis, holds its balance, and is served under its name in the handles. */
export const namedAccount = z.strictObject({
  name: handle.describe('Its handle: /__mock/scenario lists its address under this name, and lists refer to it by it.'),
  address: address
    .optional()
    .describe(
      'A fixed address (checked against its EIP-55 checksum when mixed-case); drawn from the seed and the name when left out.',
    ),
  balance: coinAmount.optional().describe('Its genesis balance (default 0).'),
  ens: z
    .string()
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)*\.eth$/, 'an ENS name such as "alice.eth"')
    .optional()
    .describe('Its ENS name.'),
  nameTag: z
    .string()
    .min(1)
    .max(60)
    .optional()
    .describe('Its name tag: the explorer\'s metadata tag of type "name", shown beside the address.'),
  publicTags: z.array(z.string().min(1).max(40)).max(5).optional().describe('Public tags, as the explorer shows them.'),
  privateKey: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'a private key: 0x and 64 hex digits')
    .optional()
    .describe(
      'A private key the node signs with (eth_accounts, eth_sendTransaction) and a test can send from; its address follows from it.',
    ),
  mnemonicIndex: z
    .number()
    .int()
    .min(0)
    .max(19)
    .optional()
    .describe(
      'Account i of the test mnemonic ("test test … junk", as Hardhat and Anvil): its key and address; the funded test account i is this account.',
    ),
});

const nftMetadataFields = z.strictObject({
  name: z.string().min(1).max(200).optional(),
  description: z.string().max(2000).optional(),
  image: z
    .string()
    .regex(/^(https?|ipfs|data):/, 'an image is an http(s), ipfs or data URL')
    .max(2000)
    .optional(),
  attributes: z
    .array(
      z.strictObject({ trait_type: z.string().min(1).max(100), value: z.union([z.string().max(200), z.number()]) }),
    )
    .max(50)
    .optional(),
});

/** A token the scenario names: deployed at set-up with this identity, minted to its holders and to nobody else. */
export const namedToken = z.strictObject({
  name: z.string().min(1).max(60).describe('The token’s name, such as "Test USD".'),
  symbol: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9]{0,10}$/, 'a symbol is a letter, then letters and digits (at most 11)')
    .describe('Its symbol, and its handle in /__mock/scenario.'),
  type: z.enum(['ERC-20', 'ERC-721', 'ERC-1155', 'ERC-404']),
  address: address
    .optional()
    .describe(
      'A fixed address: the token is predeployed there at genesis with no supply (no creation transaction); left out, the deployer deploys it at set-up.',
    ),
  decimals: z.number().int().min(0).max(36).optional().describe('ERC-20 and ERC-404 only (default 18).'),
  holders: z
    .record(
      z.string(),
      z.union([z.string(), z.array(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)).min(1).max(500)]),
    )
    .optional()
    .describe(
      'Named account → amount in whole tokens (ERC-20, such as "1000.5") or the token ids it holds (ERC-721, ERC-1155 one of each, ERC-404 one unit each).',
    ),
  metadata: nftMetadataFields
    .extend({ ids: z.record(z.string().regex(/^[0-9]+$/, 'a token id'), nftMetadataFields).optional() })
    .optional()
    .describe(
      'NFTs only: metadata for the whole collection ("{id}" stands for the id), and per id under "ids"; what is left out is drawn.',
    ),
});

const hexBytes = z.string().regex(/^0x([0-9a-fA-F]{2})*$/, '0x-prefixed hex bytes');
/** A call, constructor or event argument: account names, token symbols, contract names or 0x hashes for addresses; integers as numbers or digit strings; text; booleans. */
const argument = z.union([z.string(), z.number(), z.boolean()]);

/** `name(type,type)`: a function by its signature. */
const functionSignature = z
  .string()
  .regex(
    /^[A-Za-z_][A-Za-z0-9_]*\((|[a-z0-9\[\]]+(,[a-z0-9\[\]]+)*)\)$/,
    'a signature such as "transfer(address,uint256)"',
  );

/** What a view of a named contract returns, for the node's eth_call to answer with. */
export const declaredRead = z.strictObject({
  function: functionSignature.describe('A view or pure function of its ABI (a proxy’s: its implementation’s).'),
  args: z
    .array(argument)
    .max(10)
    .optional()
    .describe('Only for a call with these arguments (default: any arguments). Written as call arguments are.'),
  returns: z.array(argument).max(10).describe('What it returns, one value per output, written as call arguments are.'),
});

/**
 * A contract the scenario names, with the user's own code: a Foundry or Hardhat artifact, or an
 * inline ABI (and optionally bytecode and source); or a standard proxy of another named contract.
 */
export const namedContract = z.strictObject({
  name: handle.describe('Its handle in /__mock/scenario, and what activity calls it by.'),
  address: address
    .optional()
    .describe(
      'A fixed address: the contract is predeployed there at genesis (no creation transaction), as chains predeploy system contracts. Left out, the deployer creates it at set-up.',
    ),
  deployer: handle
    .optional()
    .describe('A named account that deploys it at set-up (default: the protocol deployer). Not with a fixed address.'),
  verified: z
    .boolean()
    .optional()
    .describe('Whether the explorer shows it verified (default true); a verified contract needs its source.'),
  artifact: z
    .string()
    .min(1)
    .optional()
    .describe(
      "A Foundry (out/X.sol/X.json) or Hardhat (artifacts/…/X.json) artifact, relative to the scenario file: ABI, bytecode, compiler and settings; sources from the metadata's literal content, the build info, or the project's files.",
    ),
  contractName: z
    .string()
    .regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/, 'a Solidity identifier')
    .optional()
    .describe("The contract's Solidity name (default: the artifact's, else `name`)."),
  abi: z
    .array(z.union([z.string().min(1), z.record(z.string(), z.unknown())]))
    .optional()
    .describe(
      'Its ABI: JSON ABI entries, or human-readable signatures such as "function greet() view returns (string)".',
    ),
  bytecode: hexBytes
    .optional()
    .describe('Creation bytecode (without constructor arguments). Drawn from the ABI when left out.'),
  deployedBytecode: hexBytes.optional().describe('Runtime bytecode. Drawn from the ABI when left out.'),
  source: z
    .union([z.string().min(1), z.record(z.string(), z.string())])
    .optional()
    .describe(
      "Its verified source: one file's text, or file path → text (the compilation target first, or named by compiler.settings.compilationTarget).",
    ),
  compiler: z
    .strictObject({
      version: z
        .string()
        .regex(/^v?[0-9]+\.[0-9]+\.[0-9]+(\+commit\.[0-9a-f]{8})?$/, 'a solc version such as "0.8.24+commit.e11b9ed9"'),
      language: z.enum(['solidity', 'vyper']).optional(),
      evmVersion: z.string().min(1).optional(),
      optimizer: z
        .strictObject({
          enabled: z.boolean(),
          runs: z
            .number()
            .int()
            .min(0)
            .max(2 ** 32 - 1),
        })
        .optional(),
      settings: z
        .record(z.string(), z.unknown())
        .optional()
        .describe('The compiler settings as the explorer shows them (solc standard JSON, without outputSelection).'),
    })
    .optional()
    .describe('The compiler of its verified record (drawn when left out).'),
  constructorArgs: z
    .array(argument)
    .max(20)
    .optional()
    .describe('Arguments of its constructor, as its ABI takes them.'),
  reads: z
    .array(
      declaredRead.extend({
        at: z.number().int().min(0).optional().describe('The block it answers from (default: from its creation).'),
      }),
    )
    .max(100)
    .optional()
    .describe(
      "What its views return, for the node's eth_call: a later entry for the same function and arguments wins from its block on. Views left out are answered with an error naming them.",
    ),
  proxy: z
    .strictObject({
      implementation: handle.describe('A named contract listed before this one.'),
      kind: z.enum(['eip1967', 'eip1167']),
    })
    .optional()
    .describe(
      "A standard proxy of another named contract: EIP-1967 (transparent upgradeable) or EIP-1167 (minimal clone). Calls to it are decoded with the implementation's ABI.",
    ),
});

/** A transaction the scenario scripts: a named account sends coin to a named account or contract, or calls a named token or contract. */
export const scriptedTransaction = z.strictObject({
  from: handle.describe('A named account.'),
  to: z.string().min(1).describe('A named account, a named token’s symbol, or a named contract.'),
  value: coinAmount.optional().describe('Coin sent with it (default 0).'),
  call: z
    .strictObject({
      signature: functionSignature,
      args: z
        .array(argument)
        .max(10)
        .describe(
          'Addresses as account names, token symbols, contract names or 0x hashes; integers as numbers or digit strings (in the smallest unit); strings as text; bytes as 0x hex.',
        ),
    })
    .optional()
    .describe(
      'A method of the token’s or contract’s ABI (a proxy’s: its implementation’s), encoded as the contract takes it.',
    ),
  delegate: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Makes it a set-code transaction (EIP-7702, type 4): `to`, a named account, signs an authorization delegating its code to this named contract (or to the zero address 0x0000000000000000000000000000000000000000, clearing its delegation); `from` sends it, itself or as a sponsor.',
    ),
  userOperation: z
    .strictObject({
      owner: handle.describe('The named account that owns the smart account and signs the operation.'),
      salt: z
        .number()
        .int()
        .min(0)
        .max(Number.MAX_SAFE_INTEGER)
        .optional()
        .describe('The salt the factory creates the account with (default 0): another salt, another account.'),
      account: handle
        .optional()
        .describe(
          'A name for the smart account: a handle of the chain (from genesis, counterfactual), and a `to` or address argument of other entries once deployed.',
        ),
      entryPoint: z
        .enum(['0.7', '0.6'])
        .optional()
        .describe('The EntryPoint (and its SimpleAccount factory) the account runs on (default 0.7).'),
      sponsored: z
        .boolean()
        .optional()
        .describe(
          'The verifying paymaster pays its gas (default false: the account pays from its balance). An account’s first operation, which deploys it, must be sponsored.',
        ),
      key: z
        .number()
        .int()
        .min(0)
        .max(Number.MAX_SAFE_INTEGER)
        .optional()
        .describe('Its nonce key (default 0): each key counts its own sequence.'),
    })
    .optional()
    .describe(
      'Makes it an ERC-4337 user operation: `from`, a bundler, sends handleOps to the EntryPoint; the operation’s sender is the smart account of `owner` (created by the factory on its first operation), which calls `to` with `value` (and `call`); status "error" reverts the operation, not the bundle.',
    ),
  status: z.enum(['ok', 'error']).optional().describe('Whether it succeeds (default ok).'),
  revertReason: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('Why it fails (status error only; default "execution reverted").'),
  emits: z
    .array(
      z.strictObject({
        event: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an event name such as "GreetingChanged"'),
        args: z.array(argument).max(10),
      }),
    )
    .max(10)
    .optional()
    .describe('Events a successful call of a named contract emits, from its ABI, in order.'),
  sets: z
    .array(declaredRead)
    .max(10)
    .optional()
    .describe(
      "What the named contract's views return once it succeeds (from its block on), for the node's eth_call: the state the call changed.",
    ),
  at: z
    .number()
    .int()
    .min(2)
    .optional()
    .describe(
      'The block it is mined in (or the next with room); past the scenario’s blocks, mined when the chain is mined to it. Default: spread after the set-up.',
    ),
  repeat: z.number().int().min(1).max(500).optional().describe('Send it this many times (default 1).'),
});

/** A list an account must have, realised by transactions the ledger schedules over the chain. */
export const listGuarantee = z.strictObject({
  account: handle.describe('A named account.'),
  transactions: z
    .number()
    .int()
    .min(1)
    .max(2_000)
    .optional()
    .describe(
      'Its transactions list’s length (one page holds 50): small transfers it sends make up what the rest of the scenario does not give.',
    ),
  tokenTransfers: z
    .number()
    .int()
    .min(1)
    .max(2_000)
    .optional()
    .describe(
      'Its token transfers list’s length: ERC-20 mints of the scenario’s tokens make up what the rest of the scenario does not give.',
    ),
  nftCollections: z
    .number()
    .int()
    .min(1)
    .max(1_000)
    .optional()
    .describe(
      'Its NFT collections list’s length: one NFT of each drop it collects, as a collector does, makes up the rest.',
    ),
  withdrawals: z
    .number()
    .int()
    .min(1)
    .max(2_000)
    .optional()
    .describe('Its withdrawals list’s length: beacon-chain withdrawals from a validator of its own.'),
  internalTransactions: z
    .number()
    .int()
    .min(1)
    .max(2_000)
    .optional()
    .describe(
      'Its internal transactions list’s length: payments the protocol multisig executes to it make up the rest.',
    ),
  tokens: z
    .number()
    .int()
    .min(1)
    .max(2_000)
    .optional()
    .describe(
      'Its tokens list’s length: ERC-20 tokens of its own, each deployed for it and minted to it alone, make up what the rest of the scenario does not give.',
    ),
});

/** The size and shape knobs (every one optional in a file that `extends` another scenario). */
export const scenarioKnobs = z.strictObject({
  name: z
    .string()
    .min(1)
    .max(60)
    .regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, ".", "_" and "-" only')
    .describe('The scenario’s name, shown on the home page.'),
  description: z.string().max(2000).describe('One paragraph: what the scenario is for.'),
  genesisTimestamp: z.number().int().min(0).max(4_102_444_800).describe('Unix seconds of block 0.'),
  blocks: z.number().int().min(40).max(100_000).describe('Consensus blocks after genesis (at least 40).'),
  transactionsPerBlock: z.number().min(0).max(500).describe('Mean number of random transactions per block.'),
  accounts: count(100_000).min(10).describe('Externally owned accounts taking part in random activity (at least 10).'),
  validators: count(1_000).min(1).describe('Validators proposing blocks.'),
  missedSlotRate: rate.max(0.5).describe('Chance that a slot has no block.'),
  uncleRate: rate.max(0.5).describe('Chance that a block names an uncle.'),
  reorgRate: rate.max(0.5).describe('Chance that a height also has a reorged block.'),
  withdrawalsPerBlock: z.number().min(0).max(16).describe('Mean beacon-chain withdrawals per block.'),
  tokens: z
    .strictObject({ erc20: count(200), erc721: count(200), erc1155: count(200), erc404: count(200) })
    .describe('Token contracts deployed at set-up, by type (at least one of each type is always deployed).'),
  deployRate: rate.max(0.2).describe('Chance that a random transaction deploys a new contract.'),
  userOperationsPerBlock: z
    .number()
    .min(0)
    .max(20)
    .optional()
    .describe(
      'Mean ERC-4337 user operations per block, sent by bundlers through the EntryPoints (default 0.5; with 0 only the few every chain has).',
    ),
  beaconDepositsPerBlock: z
    .number()
    .min(0)
    .max(4)
    .optional()
    .describe(
      'Mean beacon-chain deposits (EIP-6110) per block, sent by stakers to the deposit contract (default 0.05, after a first few every chain has; with 0 no deposit contract and no deposits).',
    ),
  exchangeRate: z
    .string()
    .regex(/^(0|[1-9][0-9]*)(\.[0-9]+)?$/, 'a decimal number as text, such as "3141.59"')
    .describe('USD price of the native coin.'),
  blockGasLimit: z
    .number()
    .int()
    .min(3_000_000)
    .max(1_000_000_000)
    .optional()
    .describe(
      'Gas limit of every block (default: 150,000 per mean transaction, at least 3,000,000): raise it for many sends in one block (mainnet: 30,000,000).',
    ),
  testAccounts: z
    .strictObject({
      count: z
        .number()
        .int()
        .min(0)
        .max(20)
        .optional()
        .describe('How many accounts of the test mnemonic are funded at genesis (default 10, as Anvil).'),
      balance: coinAmount.optional().describe('Each one\u2019s genesis balance (default "10000 ETH").'),
    })
    .optional()
    .describe(
      'The accounts a test sends from: the first of the test mnemonic ("test test … junk"), funded at genesis, never used by generated activity; the node signs for them.',
    ),
  chainId: z
    .number()
    .int()
    .min(1)
    .max(2 ** 32 - 1)
    .optional()
    .describe(
      'The chain id the node answers (eth_chainId, net_version) and transactions are signed for; default 31337.',
    ),
  collectors: z
    .array(
      z.strictObject({
        handle: z.string().regex(/^[A-Za-z][A-Za-z0-9]*$/, 'a handle is letters and digits'),
        collections: count(1_000).min(1),
      }),
    )
    .max(10)
    .optional()
    .describe('Accounts holding NFTs of exactly `collections` collections each, named by `handle`.'),
  entities: z
    .strictObject({
      accounts: z.array(namedAccount).max(100).optional(),
      tokens: z.array(namedToken).max(50).optional(),
      contracts: z.array(namedContract).max(50).optional(),
    })
    .optional()
    .describe('Named entities, each served under its name; a file that extends another adds to its entities.'),
  activity: z
    .array(scriptedTransaction)
    .max(500)
    .optional()
    .describe('Scripted transactions, mined in order; a file that extends another adds to its activity.'),
  lists: z
    .array(listGuarantee)
    .max(100)
    .optional()
    .describe(
      'Lists named accounts must have, such as three pages of transactions; a file that extends another adds to its lists.',
    ),
});

/** A scenario file: a whole scenario, or `extends` another and changes some of its knobs. */
export const scenarioFile = z.union([
  scenarioKnobs.extend({ $schema: z.string().optional() }),
  scenarioKnobs.partial().extend({
    $schema: z.string().optional(),
    extends: z
      .string()
      .min(1)
      .describe('A built-in scenario’s name, or a path to another scenario file (relative to this one).'),
    tokens: scenarioKnobs.shape.tokens.partial().optional(),
  }),
]);

export type ScenarioInput = z.input<typeof scenarioFile>;

/** The JSON Schema (draft 2020-12) of a scenario file: what `"$schema"` points editors at. */
export const scenarioJsonSchema = (): Record<string, unknown> => ({
  ...(z.toJSONSchema(scenarioFile, { target: 'draft-2020-12', io: 'input' }) as Record<string, unknown>),
  title: 'explorer-mock scenario',
});
