import { accountIdOf, isVerified } from '../../domain/accounts.js';
import { verifiedTwinOf } from '../../domain/contracts.js';
import type { EndpointHandler } from '../endpoint.js';
import { notFound } from '../errors.js';
import { EMPTY_PAGE } from '../paging.js';
import { addressParam } from '../params.js';

/**
 * `/smart-contracts/{h}/audit-reports`: the audits submitted for a verified contract (or one with
 * a verified twin), none on a chain nobody submits audits to; 404 for anything else, as
 * `SmartContractController.audit_reports_list` answers.
 */
export const auditReports: EndpointHandler = (ctx, [raw]) => {
  const id = accountIdOf(ctx.chain, addressParam(raw!));
  const account = id === undefined ? undefined : ctx.chain.accounts[id]!;
  if (!account?.contract || account.contract.creationStatus === 'failed') throw notFound();
  if (!isVerified(account) && !verifiedTwinOf(ctx.facts, account)) throw notFound();
  return EMPTY_PAGE;
};
