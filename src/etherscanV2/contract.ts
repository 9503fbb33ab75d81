import { type AccountId, NONE } from '../chain/types.js';
import { proxyKindOf } from '../domain/accounts.js';
import { artifactsOf, creationInput, verifiedTwinOf } from '../domain/contracts.js';
import { type Action, type EtherscanV2Context, envelope, notOk, ok } from './envelope.js';
import { addressOf } from './params.js';
import { compilerTypeOf, licenseOf, sourceCodeOf, swarmSourceOf } from './sourceRecord.js';
import { TEXTS } from './texts.js';
import { verifyActions } from './verify.js';

const NOT_VERIFIED = 'Contract source code not verified';

/** The contract at an address when it is verified itself (fully or partially): Etherscan serves no twin's record as its own. */
function verifiedAt(ctx: EtherscanV2Context, address: string): AccountId | undefined {
  const id = ctx.chain.accountByHash.get(address);
  const contract = id === undefined ? undefined : ctx.chain.accounts[id]!.contract;
  return contract && contract.creationStatus !== 'failed' && contract.verification !== 'none' ? id : undefined;
}

/** A proxy's implementation, as `Implementation` names it (the ledger knows it); undefined for no proxy. */
function implementationOf(ctx: EtherscanV2Context, id: AccountId): string | undefined {
  const account = ctx.chain.accounts[id]!;
  const implementation = account.contract?.implementationId ?? NONE;
  return proxyKindOf(account) !== null && implementation !== NONE
    ? ctx.chain.accounts[implementation]!.lower
    : undefined;
}

const getabi: Action = (ctx, params) => {
  const address = addressOf(params.get('address'));
  if (!address) return notOk(TEXTS.invalidAddress);
  const id = verifiedAt(ctx, address);
  return id === undefined ? notOk(NOT_VERIFIED) : ok(JSON.stringify(artifactsOf(ctx.facts, id).abi));
};

/** `getsourcecode`'s record of an address without one: every field empty, but the similar contract Etherscan points to. */
function unverifiedRecord(ctx: EtherscanV2Context, address: string) {
  const id = ctx.chain.accountByHash.get(address);
  const account = id === undefined ? undefined : ctx.chain.accounts[id]!;
  const twin = account?.contract ? verifiedTwinOf(ctx.facts, account) : null;
  return {
    SourceCode: '',
    ABI: NOT_VERIFIED,
    ContractName: '',
    CompilerVersion: '',
    CompilerType: '',
    OptimizationUsed: '',
    Runs: '',
    ConstructorArguments: '',
    EVMVersion: 'Default',
    Library: '',
    ContractFileName: '',
    LicenseType: 'Unknown',
    Proxy: '0',
    Implementation: '',
    SwarmSource: '',
    SimilarMatch: twin ? twin.lower : '',
  };
}

const getsourcecode: Action = (ctx, params) => {
  const address = addressOf(params.get('address'));
  if (!address) return notOk(TEXTS.invalidAddress);
  const id = verifiedAt(ctx, address);
  if (id === undefined) return ok([unverifiedRecord(ctx, address)]);
  const a = artifactsOf(ctx.facts, id);
  const contract = ctx.chain.accounts[id]!.contract!;
  const implementation = implementationOf(ctx, id);
  return ok([
    {
      SourceCode: sourceCodeOf(a),
      ABI: JSON.stringify(a.abi),
      ContractName: a.name,
      CompilerVersion: a.language === 'vyper' ? `vyper:${a.compilerVersion.replace(/^v/, '')}` : a.compilerVersion,
      CompilerType: compilerTypeOf(a),
      OptimizationUsed: a.optimizationEnabled ? '1' : '0',
      Runs: String(a.optimizationRuns ?? 200),
      ConstructorArguments: (a.constructorArgs ?? '0x').slice(2),
      EVMVersion: !a.evmVersion || a.evmVersion === 'default' ? 'Default' : a.evmVersion,
      Library: a.externalLibraries.map((l) => `${l.name}:${l.addressHash.toLowerCase().slice(2)}`).join(';'),
      ContractFileName: a.filePath,
      LicenseType: licenseOf(a.sourceCode, contract.submitted?.licenseType ?? null),
      Proxy: implementation ? '1' : '0',
      Implementation: implementation ?? '',
      SwarmSource: swarmSourceOf(a.deployedBytecode),
      SimilarMatch: '',
    },
  ]);
};

/** Most contracts one `getcontractcreation` answers. */
const MAX_CREATIONS = 5;

const getcontractcreation: Action = (ctx, params) => {
  const raw = params.get('contractaddresses') ?? '';
  // Split no further than one past the most (a long list is not read whole).
  const texts = raw.split(',', MAX_CREATIONS + 1).map((a) => a.trim());
  if (texts.length > MAX_CREATIONS) return notOk(`Error! Maximum of ${MAX_CREATIONS} contract addresses allowed`);
  const addresses = texts.map((a) => addressOf(a));
  if (!raw || addresses.some((a) => a === undefined)) return notOk(TEXTS.invalidAddress);
  const items = [];
  for (const address of addresses as string[]) {
    const id = ctx.chain.accountByHash.get(address);
    const contract = id === undefined ? undefined : ctx.chain.accounts[id]!.contract;
    if (!contract || contract.creationTransaction === NONE) continue;
    const t = ctx.chain.transactions.at(contract.creationTransaction)!;
    items.push({
      contractAddress: address,
      contractCreator: ctx.chain.accounts[t.fromId]!.lower,
      txHash: t.hash,
      blockNumber: String(t.block),
      timestamp: String(ctx.chain.blocks.at(t.block)!.timestamp),
      contractFactory: t.createdId === id ? '' : ctx.chain.accounts[contract.creatorId]!.lower,
      creationBytecode: creationInput(ctx.facts, id!),
    });
  }
  return items.length ? ok(items) : envelope('0', 'No data found', null);
};

export const contractActions: Readonly<Record<string, Action>> = {
  ...verifyActions,
  getabi,
  getsourcecode,
  getcontractcreation,
};
