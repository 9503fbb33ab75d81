import { stream } from '../../generators/random/stream.js';
import type { AccountId } from '../chain/types.js';
import { proxyKindOf } from '../domain/accounts.js';
import { VERIFY_FAILURES } from '../domain/verificationChecks.js';
import {
  type StandardInput,
  standardInputOf,
  storageRefusal,
  verificationOutcome,
} from '../domain/verificationOutcome.js';
import { statusHeaders, type VerificationOutcome, type Verifier } from '../domain/verifier.js';
import { type Action, type EtherscanV2Context, notOk, ok, type Params } from './envelope.js';
import { addressOf } from './params.js';
import { TEXTS } from './texts.js';

/**
 * GUIDs given through this API and not yet polled by POST, per verifier (so across the chains a
 * server serves): the first poll by POST (forge's) answers `Pending in queue`, as Etherscan's queue
 * does while it works. A GET changes nothing, so a poll by GET (hardhat-verify's) answers the
 * outcome at once. A GUID given again after a reset is queued again.
 */
const QUEUES = new WeakMap<Verifier, Set<string>>();
const queueOf = (verifier: Verifier): Set<string> => {
  let queue = QUEUES.get(verifier);
  if (!queue) QUEUES.set(verifier, (queue = new Set()));
  return queue;
};

/** The outcome recorded for a contract Etherscan finds verified once it has compiled the submission (a partial match's). */
const ALREADY_VERIFIED = 'Already Verified';

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
 * `verifysourcecode`: a GUID to poll. The mock checks a submission as Blockscout's flavour does
 * (`verificationOutcome`: the contract is in the sources, the compiler is the one its code names,
 * the constructor arguments end its creation input), and keeps no input it could not write back
 * (`storageRefusal`). A contract verified already is refused; one verified partially takes the
 * GUID and polls `Already Verified` (Etherscan finds its match once it has compiled).
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
  const input = format === 'solidity-single-file' ? null : standardInputOf(params.get('sourcecode')!);
  const refusal = input ? storageRefusal(input) : undefined;
  if (refusal) return notOk(`Error! ${refusal}`);
  const guid = guidOf(ctx, verifier, address);
  verifier.record(
    guid,
    id,
    verification === 'partial' ? { reason: ALREADY_VERIFIED } : outcomeOf(ctx, id, params, format, input),
  );
  queueOf(verifier).add(guid);
  return ok(guid);
};

/** A submission's outcome, from Etherscan's fields (its `constructorArguements`, or `constructorArguments` as hardhat-verify sends it). */
function outcomeOf(
  ctx: EtherscanV2Context,
  id: AccountId,
  params: Params,
  format: string,
  input: StandardInput | undefined | null,
): VerificationOutcome {
  if (format === 'vyper-json') return { reason: VERIFY_FAILURES.compilerVersion };
  return verificationOutcome(
    ctx.facts,
    id,
    {
      contractName: params.get('contractname')!,
      compilerVersion: params.get('compilerversion')!,
      input,
      sourceCode: params.get('sourcecode')!,
      optimizationUsed: params.get('optimizationused'),
      runs: params.get('runs'),
      evmVersion: params.get('evmversion'),
      licenseType: params.get('licensetype'),
      constructorArguments: params.get('constructorarguements') || params.get('constructorarguments') || undefined,
    },
    ctx.chain.blocks.at(ctx.chain.headHeight)!.timestamp,
  );
}

/**
 * `checkverifystatus`: `Pending in queue` at the first poll by POST, then the outcome: `Pass -
 * Verified`, `Fail - Unable to verify` (the reason, Blockscout's text, in `x-mock-verification-error`)
 * or `Already Verified`.
 */
const checkverifystatus: Action = (ctx, params, request) => {
  const verifier = ctx.verifier;
  if (!verifier) return notOk(TEXTS.action);
  const guid = params.get('guid')?.trim() ?? '';
  const state = verifier.state(guid);
  if (state === undefined) return notOk('Unknown UID');
  if (request.method === 'POST' && queueOf(verifier).delete(guid)) return notOk('Pending in queue');
  if (state.status === 'pending') return notOk('Pending in queue');
  if (state.status === 'pass') return { ...ok('Pass - Verified'), headers: statusHeaders(state) };
  if (state.reason === ALREADY_VERIFIED) return notOk(ALREADY_VERIFIED);
  return { ...notOk('Fail - Unable to verify'), headers: statusHeaders(state) };
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
