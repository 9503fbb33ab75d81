import { type AccountId, NONE } from '../chain/types.js';
import {
  artifactsOf,
  contractsWithCode,
  creationInput,
  verifiedContracts,
  verifiedTwinOf,
} from '../domain/contracts.js';
import { type Action, type EtherscanContext, fail, ok, sorted } from './envelope.js';
import { addressOf, listOptions, pageOf } from './params.js';
import { proxyKindOf } from '../domain/accounts.js';
import { verifyActions } from './verify.js';

const ADDRESS_REQUIRED = 'Query parameter address is required';
const INVALID_ADDRESS = 'Invalid address hash';

/** The contract a verified record answers for `id`: its own, or a verified twin's (same bytecode), as the explorer serves; undefined when neither. */
function verifiedRecord(ctx: EtherscanContext, id: AccountId | undefined): AccountId | undefined {
  if (id === undefined) return undefined;
  const account = ctx.chain.accounts[id]!;
  if (!account.contract || account.contract.creationStatus === 'failed') return undefined;
  if (account.contract.verification !== 'none') return id;
  return verifiedTwinOf(ctx.facts, account)?.id;
}

/** The `address` parameter, or the explorer's error for it. */
function addressParam(params: ReadonlyMap<string, string>): string | ReturnType<typeof fail> {
  const raw = params.get('address');
  if (raw === undefined) return fail(ADDRESS_REQUIRED);
  return addressOf(raw) ?? fail(INVALID_ADDRESS);
}

const getabi: Action = (ctx, params) => {
  const address = addressParam(params);
  if (typeof address !== 'string') return address;
  const record = verifiedRecord(ctx, ctx.chain.accountByHash.get(address));
  if (record === undefined) return fail('Contract source code not verified');
  return ok(JSON.stringify(artifactsOf(ctx.facts, record).abi));
};

const getsourcecode: Action = (ctx, params) => {
  const address = addressParam(params);
  if (typeof address !== 'string') return address;
  const id = ctx.chain.accountByHash.get(address);
  const record = verifiedRecord(ctx, id);
  // Unverified or unknown: the address alone, as the explorer answers.
  if (record === undefined) return ok([{ Address: address }]);
  const a = artifactsOf(ctx.facts, record);
  const contract = ctx.chain.accounts[id!]!.contract!;
  const proxy = proxyKindOf(ctx.chain.accounts[id!]!) !== null && contract.implementationId !== NONE;
  const implementation = proxy ? ctx.chain.accounts[contract.implementationId]!.lower : undefined;
  const fields = sorted({
    SourceCode: a.sourceCode,
    ABI: JSON.stringify(a.abi),
    ContractName: a.name,
    CompilerVersion: a.compilerVersion,
    OptimizationUsed: a.optimizationEnabled ? 'true' : 'false',
    ...(a.optimizationEnabled ? { OptimizationRuns: a.optimizationRuns } : {}),
    EVMVersion: a.evmVersion,
    FileName: a.filePath,
    ...(a.constructorArgs && a.constructorArgs !== '0x'
      ? { ConstructorArguments: a.constructorArgs.replace(/^0x/, '') }
      : {}),
    ...(a.externalLibraries.length
      ? {
          ExternalLibraries: a.externalLibraries.map((l) => ({
            name: l.name,
            address_hash: l.addressHash.toLowerCase(),
          })),
        }
      : {}),
    ...(a.additionalSources.length
      ? { AdditionalSources: a.additionalSources.map((s) => ({ Filename: s.filePath, SourceCode: s.sourceCode })) }
      : {}),
    ...(Object.keys(a.compilerSettings).length ? { CompilerSettings: a.compilerSettings } : {}),
    IsProxy: proxy ? 'true' : 'false',
    ...(implementation ? { ImplementationAddress: implementation, ImplementationAddresses: [implementation] } : {}),
  });
  // The explorer's other keys are atoms, written before its one string key, `Address`.
  return ok([{ ...fields, Address: address }]);
};

const getcontractcreation: Action = (ctx, params) => {
  const raw = params.get('contractaddresses');
  const message = 'Query parameter contractaddresses is required';
  if (raw === undefined) return fail(message, message);
  // Ten at most, the list cut as it is split (a long one is not read whole).
  const addresses = raw
    .split(',', 1_000)
    .map((a) => a.trim())
    .filter((a) => a !== '')
    .slice(0, 10);
  const items = [];
  for (const text of addresses) {
    const address = addressOf(text);
    const id = address === undefined ? undefined : ctx.chain.accountByHash.get(address);
    const contract = id === undefined ? undefined : ctx.chain.accounts[id]!.contract;
    if (!contract || contract.creationTransaction === NONE) continue;
    const t = ctx.chain.transactions.at(contract.creationTransaction)!;
    const direct = t.createdId === id;
    items.push(
      sorted({
        blockNumber: String(t.block),
        contractAddress: address!,
        contractCreator: ctx.chain.accounts[t.fromId]!.lower,
        contractFactory: direct ? '' : ctx.chain.accounts[contract.creatorId]!.lower,
        creationBytecode: creationInput(ctx.facts, id!),
        timestamp: String(ctx.chain.blocks.at(t.block)!.timestamp),
        txHash: t.hash,
      }),
    );
  }
  return ok(items);
};

const listcontracts: Action = (ctx, params) => {
  const filter = params.get('filter');
  const kinds: Record<string, 'verified' | 'unverified' | 'empty'> = {
    verified: 'verified',
    '1': 'verified',
    unverified: 'unverified',
    '2': 'unverified',
    empty: 'empty',
    '3': 'empty',
  };
  if (filter !== undefined && filter !== '' && !Object.hasOwn(kinds, filter))
    return fail(
      `${filter} is not a valid value for \`filter\`. Please use one of: verified, unverified, 1, 2.`,
      null,
      400,
    );
  const kind = filter ? kinds[filter] : undefined;
  const verified = new Set(verifiedContracts(ctx.facts));
  const withCode = contractsWithCode(ctx.facts);
  const ids =
    kind === 'verified'
      ? [...verifiedContracts(ctx.facts)].reverse()
      : kind === 'unverified'
        ? withCode.filter((id) => !verified.has(id))
        : kind === 'empty'
          ? ctx.chain.accounts.filter((a) => a.contract && a.contract.creationStatus !== 'success').map((a) => a.id)
          : withCode;
  return ok(
    pageOf(ids, listOptions(params, 10)).map((id) => {
      const address = ctx.chain.accounts[id]!.lower;
      if (!verified.has(id)) return { ABI: 'Contract source code not verified', Address: address };
      const a = artifactsOf(ctx.facts, id);
      return sorted({
        ABI: JSON.stringify(a.abi),
        Address: address,
        CompilerVersion: a.compilerVersion,
        ContractName: a.name,
        OptimizationUsed: a.optimizationEnabled ? '1' : '0',
      });
    }),
  );
};

export const contractActions: Readonly<Record<string, Action>> = {
  ...verifyActions,
  getabi,
  getsourcecode,
  getcontractcreation,
  listcontracts,
};
