import type { CatalogueKind } from '../../src/chain/types.js';
import type { Source, SourceContext } from './sources/context.js';
import { batchExecutorSource } from './sources/batchExecutor.js';
import { depositContractSource } from './sources/depositContract.js';
import {
  accountFactorySource,
  entryPointV06Source,
  entryPointV07Source,
  paymasterSource,
  smartAccountSource,
} from './sources/erc4337.js';
import { addressBookSource } from './sources/library.js';
import { failedDeploySource, vyperEscrowSource } from './sources/others.js';
import {
  destructibleSource,
  factorySource,
  lendingPoolSource,
  multisigSource,
  oracleSource,
  routerSource,
  vaultSource,
} from './sources/protocols.js';
import { implementationSource, transparentProxySource } from './sources/proxies.js';
import { erc1155Source, erc20Source, erc404Source, erc721Source } from './sources/tokens.js';

const TEMPLATES: Readonly<Record<Exclude<CatalogueKind, 'minimal-proxy'>, (ctx: SourceContext) => Source>> = {
  erc20: erc20Source,
  erc721: erc721Source,
  erc1155: erc1155Source,
  erc404: erc404Source,
  vault: vaultSource,
  router: routerSource,
  factory: factorySource,
  oracle: oracleSource,
  'lending-pool': lendingPoolSource,
  multisig: multisigSource,
  destructible: destructibleSource,
  implementation: implementationSource,
  'transparent-proxy': transparentProxySource,
  'vyper-escrow': vyperEscrowSource,
  'failed-deploy': failedDeploySource,
  library: addressBookSource,
  'batch-executor': batchExecutorSource,
  'entry-point-v06': entryPointV06Source,
  'entry-point-v07': entryPointV07Source,
  'smart-account': smartAccountSource,
  'account-factory': accountFactorySource,
  paymaster: paymasterSource,
  'deposit-contract': depositContractSource,
};

/** The verified source of a contract of `kind` (a minimal proxy shows its implementation's, by default the staking pool's). */
export const sourceOf = (kind: CatalogueKind, ctx: SourceContext): Source =>
  TEMPLATES[kind === 'minimal-proxy' ? 'implementation' : kind](ctx);
