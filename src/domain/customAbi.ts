import type { Abi } from 'abitype';
import { type AccountId, type Chain, type Contract, type ContractKind, NONE } from '../chain/types.js';

/**
 * The ABI a `custom` call or event is encoded with: the scenario's own code of the callee or
 * emitter, or of the implementation it proxies. Undefined for catalogue kinds (their ABI follows
 * from the kind).
 */
export function customAbiOf(chain: Chain, kind: ContractKind, id: AccountId): Abi | undefined {
  if (kind !== 'custom') return undefined;
  const code = codeOwnerOf(chain, id)?.custom;
  if (!code)
    throw new Error(`a custom call or event of ${chain.accounts[id]?.hash ?? id}, which has no code of the scenario's`);
  return code.abi;
}

/**
 * The ABI the explorer decodes what a contract's code of its own sent and logged with: the one
 * its verification's compile gave, else its code's own (a scenario's artifact's); undefined for a
 * contract without either (a client's deployment before it is verified).
 */
export function decodingAbiOf(contract: Contract | null | undefined): Abi | undefined {
  const abi = contract?.submitted?.abi ?? contract?.custom?.abi;
  return abi?.length ? abi : undefined;
}

/**
 * The ABI of an address's verified code of its own (a contract a client verified, a scenario's
 * verified artifact; a proxy's through its implementation's): what the explorer decodes a sent
 * transaction's input with. Undefined for other addresses, unverified code and code without an ABI.
 */
export function verifiedAbiOf(chain: Chain, id: AccountId): Abi | undefined {
  if (chain.accounts[id]?.contract?.kind !== 'custom') return undefined;
  const owner = codeOwnerOf(chain, id);
  if (!owner?.custom || owner.verification === 'none') return undefined;
  return decodingAbiOf(owner);
}

/**
 * The contract whose code runs at `id`: its own (code of its own, or a catalogue kind's), or for a
 * proxy without code of its own, the implementation's; null for an account that is no contract.
 */
export function codeOwnerOf(chain: Chain, id: AccountId): Contract | null {
  const contract = chain.accounts[id]?.contract;
  if (!contract) return null;
  if (contract.custom || contract.implementationId === NONE) return contract;
  return chain.accounts[contract.implementationId]!.contract;
}
