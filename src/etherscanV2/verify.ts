import { stream } from '../../generators/random/stream.js';
import type { AccountId } from '../chain/types.js';
import { proxyKindOf } from '../domain/accounts.js';
import { submittedSource } from '../domain/submittedSource.js';
import type { Verifier } from '../domain/verifier.js';
import { type Action, type EtherscanV2Context, notOk, ok, type Params, unstored } from './envelope.js';
import { addressOf } from './params.js';
import { TEXTS } from './texts.js';

/**
 * What Etherscan's answers need beyond the shared verifier's record, kept per verifier (so across
 * the chains a server serves, and reset with its GUIDs): GUIDs not yet polled (the first poll is
 * `Pending in queue`), and GUIDs of contracts verified before they came (`Already Verified`).
 */
interface Ledger {
  readonly unpolled: Set<string>;
  readonly alreadyVerified: Set<string>;
}
const LEDGERS = new WeakMap<Verifier, Ledger>();
const ledgerOf = (verifier: Verifier): Ledger => {
  let ledger = LEDGERS.get(verifier);
  if (!ledger) LEDGERS.set(verifier, (ledger = { unpolled: new Set(), alreadyVerified: new Set() }));
  return ledger;
};

const GUID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A GUID as Etherscan's look (50 lower-case letters and digits), drawn from the seed, the address
 * and the head's time, a second later for each GUID already given at it: the same submissions
 * give the same GUIDs, and no two share one.
 */
function guidOf(ctx: EtherscanV2Context, verifier: Verifier, address: string): string {
  for (let time = ctx.chain.blocks.at(ctx.chain.headHeight)!.timestamp; ; time++) {
    const rng = stream(ctx.chain.seed, `etherscan-guid:${address}:${time}`);
    let guid = '';
    for (let k = 0; k < 50; k++) guid += GUID_ALPHABET[rng.int(0, GUID_ALPHABET.length - 1)];
    if (verifier.state(guid) === undefined && verifier.proxyState(guid) === undefined) return guid;
  }
}

/** The contract at an address the ledger holds with code, or undefined. */
function contractAt(ctx: EtherscanV2Context, address: string): AccountId | undefined {
  const id = ctx.chain.accountByHash.get(address);
  const contract = id === undefined ? undefined : ctx.chain.accounts[id]!.contract;
  return contract && contract.creationStatus === 'success' ? id : undefined;
}

const missing = (field: string) => notOk(`Error! Missing Or invalid ${field}`);
const FORMATS = ['solidity-single-file', 'solidity-standard-json-input', 'vyper-json'];

/**
 * `verifysourcecode`: a GUID to poll. The mock trusts a submission that holds the named contract
 * (`submittedSource`); a contract verified already is refused, one verified partially takes the
 * GUID and polls `Already Verified`.
 */
const verifysourcecode: Action = (ctx, params) => {
  const verifier = ctx.verifier;
  if (!verifier) return notOk(TEXTS.action);
  const address = addressOf(params.get('contractaddress'));
  if (!address) return notOk(TEXTS.invalidAddress);
  const format = params.get('codeformat') ?? 'solidity-single-file';
  if (!FORMATS.includes(format)) return missing('codeformat');
  for (const field of ['sourcecode', 'contractname', 'compilerversion'])
    if (!params.get(field)) return missing(field === 'sourcecode' ? 'sourceCode' : field);
  const id = contractAt(ctx, address);
  if (id === undefined) return notOk(`Unable to locate ContractCode at ${address}`);
  const verification = ctx.chain.accounts[id]!.contract!.verification;
  if (verification === 'full') return notOk('Contract source code already verified');
  const ledger = ledgerOf(verifier);
  const guid = guidOf(ctx, verifier, address);
  if (verification === 'partial') {
    verifier.record(guid, id, null);
    ledger.alreadyVerified.add(guid);
  } else {
    verifier.record(guid, id, submission(ctx, params, format));
    ledger.alreadyVerified.delete(guid);
  }
  ledger.unpolled.add(guid);
  return ok(guid);
};

/** The sources a submission verifies with, or null (it fails). */
function submission(ctx: EtherscanV2Context, params: Params, format: string) {
  if (format === 'vyper-json') return null;
  return submittedSource(
    {
      contractName: params.get('contractname')!,
      compilerVersion: params.get('compilerversion')!,
      sourceCode: params.get('sourcecode')!,
      standardJson: format === 'solidity-standard-json-input',
      optimizationUsed: params.get('optimizationused'),
      runs: params.get('runs'),
      evmVersion: params.get('evmversion'),
      licenseType: params.get('licensetype'),
    },
    ctx.chain.blocks.at(ctx.chain.headHeight)!.timestamp,
  );
}

/** `checkverifystatus`: `Pending in queue` at the first poll (never cached), then the outcome. */
const checkverifystatus: Action = (ctx, params) => {
  const verifier = ctx.verifier;
  if (!verifier) return notOk(TEXTS.action);
  const guid = params.get('guid')?.trim() ?? '';
  const state = verifier.state(guid);
  if (state === undefined) return notOk('Unknown UID');
  const ledger = ledgerOf(verifier);
  if (ledger.unpolled.delete(guid)) return unstored(notOk('Pending in queue'));
  if (ledger.alreadyVerified.has(guid)) return notOk('Already Verified');
  return state === 'pass' ? ok('Pass - Verified') : notOk('Fail - Unable to verify');
};

/** `verifyproxycontract`: the proxy's implementation looked up (the ledger knows it), checked against `expectedimplementation` when given. */
const verifyproxycontract: Action = (ctx, params) => {
  const verifier = ctx.verifier;
  if (!verifier) return notOk(TEXTS.action);
  const address = addressOf(params.get('address'));
  if (!address) return notOk(TEXTS.invalidAddress);
  const id = contractAt(ctx, address);
  if (id === undefined) return notOk(`Unable to locate ContractCode at ${address}`);
  const account = ctx.chain.accounts[id]!;
  const implementation = account.contract!.implementationId;
  const found = proxyKindOf(account) !== null && implementation >= 0;
  const expected = params.get('expectedimplementation');
  const matches = !expected || (found && addressOf(expected) === ctx.chain.accounts[implementation]!.lower);
  const guid = guidOf(ctx, verifier, address);
  verifier.recordProxy(guid, id, found && matches);
  return ok(guid);
};

const checkproxyverification: Action = (ctx, params) => {
  const verifier = ctx.verifier;
  if (!verifier) return notOk(TEXTS.action);
  const found = verifier.proxyState(params.get('guid')?.trim() ?? '');
  if (!found) return notOk('Unknown UID');
  if (!found.passed)
    return notOk('A corresponding implementation contract was unfortunately not detected for the proxy address.');
  const proxy = ctx.chain.accounts[found.id]!;
  const implementation = ctx.chain.accounts[proxy.contract!.implementationId]!;
  return ok(
    `The proxy's (${proxy.lower}) implementation contract is found at ${implementation.lower} and is successfully updated.`,
  );
};

export const verifyActions: Readonly<Record<string, Action>> = {
  verifysourcecode,
  checkverifystatus,
  verifyproxycontract,
  checkproxyverification,
};
