import type { Abi } from 'abitype';
import { type AccountId, type Chain, type ContractKind, NONE } from '../chain/types.js';

/**
 * The ABI a `custom` call or event is encoded with: the scenario's own code of the callee or
 * emitter, or of the implementation it proxies. Undefined for catalogue kinds (their ABI follows
 * from the kind).
 */
export function customAbiOf(chain: Chain, kind: ContractKind, id: AccountId): Abi | undefined {
  if (kind !== 'custom') return undefined;
  const contract = chain.accounts[id]?.contract;
  const code =
    contract?.custom ??
    (contract && contract.implementationId !== NONE
      ? chain.accounts[contract.implementationId]!.contract?.custom
      : null);
  if (!code)
    throw new Error(`a custom call or event of ${chain.accounts[id]?.hash ?? id}, which has no code of the scenario's`);
  return code.abi;
}
