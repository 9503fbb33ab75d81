/**
 * Responses of the pages newer frontends (v2.7 and on) call: the verification form's config
 * (`VerificationController.config`), a contract's audit reports (`SmartContract.AuditReport`), the
 * secondary coin's chart (`StatsController.secondary_coin_market_chart`) and a hot contract
 * (`Stats.HotContract`, whose counts the view sends as strings where the schema says integers).
 */
import { z } from 'zod';
import { floatString, integerString } from './general.js';

export const verificationConfig = z
  .strictObject({
    is_rust_verifier_microservice_enabled: z.boolean(),
    license_types: z.record(z.string(), z.number().int().positive()),
    solidity_compiler_versions: z.array(z.string().regex(/^v\d+\.\d+\.\d+/)),
    solidity_evm_versions: z.array(z.string()),
    verification_options: z.array(
      z.enum([
        'flattened-code',
        'standard-input',
        'vyper-code',
        'multi-part',
        'vyper-multi-part',
        'vyper-standard-input',
        'sourcify',
        'stylus-github-repository',
      ]),
    ),
    vyper_compiler_versions: z.array(z.string().regex(/^v\d+\.\d+\.\d+/)),
    vyper_evm_versions: z.array(z.string()),
  })
  .meta({ id: 'BlockscoutVerificationConfig' });

export const auditReport = z
  .strictObject({
    audit_company_name: z.string(),
    audit_publish_date: z.string().regex(/^\d{4}-\d\d-\d\d$/),
    audit_report_url: z.string(),
  })
  .meta({ id: 'BlockscoutAuditReport' });

export const secondaryCoinMarketChart = z
  .strictObject({
    chart_data: z.array(
      z.strictObject({ date: z.string().regex(/^\d{4}-\d\d-\d\d$/), closing_price: floatString.nullable() }),
    ),
  })
  .meta({ id: 'BlockscoutSecondaryCoinMarketChart' });

/** A hot contract around the profile's address reference. */
export const hotContract = (addressRef: z.ZodType) =>
  z.strictObject({
    balance: integerString.nullable(),
    contract_address: addressRef,
    total_gas_used: integerString,
    transactions_count: integerString,
  });
