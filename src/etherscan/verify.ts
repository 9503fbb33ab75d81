import type { AccountId } from '../chain/types.js';
import {
  type StandardInput,
  standardInputOf,
  storageRefusal,
  verificationOutcome,
} from '../domain/verificationOutcome.js';
import {
  type Action,
  type EtherscanContext,
  envelope,
  fail,
  ok,
  type Params,
  type VerificationOutcome,
} from './envelope.js';
import { addressOf } from './params.js';
import { proxyKindOf } from '../domain/accounts.js';
import { statusHeaders } from '../domain/verifier.js';

const failWith = (message: string) => fail(message, message);
const writesDisabled = () => fail('Unknown action', null, 400);

/**
 * The explorer's GUID of a verification: the address's 40 hex digits and the time in hex. The
 * mock's time is the head block's, a second later for each GUID already given at it (so the same
 * submissions give the same GUIDs, and no two share one).
 */
function guidOf(ctx: EtherscanContext, address: string): string {
  const verifier = ctx.verifier!;
  for (let time = ctx.chain.blocks.at(ctx.chain.headHeight)!.timestamp; ; time++) {
    const guid = `${address.slice(2)}${time.toString(16)}`;
    if (verifier.state(guid) === undefined && verifier.proxyState(guid) === undefined) return guid;
  }
}

/** The contract at an address the ledger holds with code, or undefined. */
function contractAt(ctx: EtherscanContext, address: string): AccountId | undefined {
  const id = ctx.chain.accountByHash.get(address);
  const contract = id === undefined ? undefined : ctx.chain.accounts[id]!.contract;
  return contract && contract.creationStatus === 'success' ? id : undefined;
}

/** A submission's outcome from its fields, as the explorer names them (its `constructorArguments`; Etherscan's `constructorArguements`, which hardhat-verify and forge send, it ignores). */
function outcomeOf(
  ctx: EtherscanContext,
  id: AccountId,
  params: Params,
  input: StandardInput | undefined | null,
): VerificationOutcome {
  return verificationOutcome(
    ctx.facts,
    id,
    {
      contractName: params.get('contractname') ?? '',
      compilerVersion: params.get('compilerversion')!,
      input,
      sourceCode: params.get('sourceCode') ?? '',
      optimizationUsed: params.get('optimizationUsed'),
      runs: params.get('runs'),
      evmVersion: params.get('evmversion'),
      licenseType: params.get('licenseType'),
      constructorArguments: params.get('constructorArguments'),
    },
    ctx.chain.blocks.at(ctx.chain.headHeight)!.timestamp,
  );
}

/**
 * `verifysourcecode`: Etherscan's asynchronous verification as Blockscout answers it (its checks, in
 * its order), a GUID to poll; then the mock's bounds on what it keeps (`storageRefusal`), refused
 * at once, before a GUID.
 */
const verifysourcecode: Action = (ctx, params) => {
  const verifier = ctx.verifier;
  if (!verifier) return writesDisabled();
  const format = params.get('codeformat');
  const standardJson = format === 'solidity-standard-json-input';
  if (standardJson && !(params.has('contractaddress') && params.has('sourceCode')))
    return fail('Missing sourceCode or contractaddress fields');
  if (!standardJson && !(format === 'solidity-single-file' && params.has('contractaddress')))
    return fail('Missing codeformat field');
  const address = addressOf(params.get('contractaddress'));
  const known = address === undefined ? undefined : ctx.chain.accountByHash.get(address);
  if (known !== undefined && ctx.chain.accounts[known]!.contract?.verification === 'full')
    return failWith('Smart-contract already verified.');
  if (!address) return failWith('Invalid address hash');
  const required = standardJson
    ? ['contractaddress', 'contractname', 'compilerversion']
    : ['contractaddress', 'contractname', 'compilerversion', 'optimizationUsed', 'sourceCode'];
  const missing = required.find((k) => !params.has(k));
  if (missing) return failWith(`${missing} is required.`);
  if (!standardJson && !['0', '1', 'true', 'false'].includes(params.get('optimizationUsed')!))
    return failWith('optimizationUsed has invalid format');
  const id = contractAt(ctx, address);
  if (id === undefined) return failWith('Address is not a smart-contract');
  const input = standardJson ? standardInputOf(params.get('sourceCode')!) : null;
  const refusal = input ? storageRefusal(input) : undefined;
  if (refusal) return failWith(refusal);
  const guid = guidOf(ctx, address);
  verifier.record(guid, id, outcomeOf(ctx, id, params, input));
  return ok(guid);
};

/** `checkverifystatus`: the explorer's three answers; a failure's reason (its text) in `x-mock-verification-error`, which it never gives. */
const checkverifystatus: Action = (ctx, params) => {
  if (!ctx.verifier) return writesDisabled();
  const state = ctx.verifier.state(params.get('guid') ?? '');
  if (state === undefined) return ok('Unknown UID');
  if (state.status === 'pending') return ok('Pending in queue');
  const answer = ok(state.status === 'pass' ? 'Pass - Verified' : 'Fail - Unable to verify');
  return { ...answer, headers: statusHeaders(state) };
};

/** `verifyproxycontract`: the proxy's implementation looked up (the ledger knows it), a GUID to poll. */
const verifyproxycontract: Action = (ctx, params) => {
  if (!ctx.verifier) return writesDisabled();
  const raw = params.get('address');
  if (raw === undefined) return fail('Query parameter address is required');
  const address = addressOf(raw);
  if (!address) return fail('Invalid address hash');
  const id = contractAt(ctx, address);
  if (id === undefined || ctx.chain.accounts[id]!.contract!.verification === 'none')
    return fail('Smart-contract not found or is not verified');
  const contract = ctx.chain.accounts[id]!.contract!;
  const guid = guidOf(ctx, address);
  ctx.verifier.recordProxy(guid, id, proxyKindOf(ctx.chain.accounts[id]!) !== null && contract.implementationId >= 0);
  return ok(guid);
};

const checkproxyverification: Action = (ctx, params) => {
  if (!ctx.verifier) return writesDisabled();
  const found = ctx.verifier.proxyState(params.get('guid') ?? '');
  if (!found) return ok('Unknown UID');
  if (!found.passed)
    return envelope(
      '0',
      'NOTOK',
      'A corresponding implementation contract was unfortunately not detected for the proxy address.',
    );
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
