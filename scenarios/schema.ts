/**
 * The scenario language: one zod schema gives `defineScenario`'s types, the validation of every
 * scenario file, and the JSON Schema editors complete `.json` scenarios from.
 */
import { z } from 'zod';

const rate = z.number().min(0).max(1);
const count = (max: number) => z.number().int().min(0).max(max);

/** The size and shape knobs (every one optional in a file that `extends` another scenario). */
export const scenarioKnobs = z.strictObject({
  name: z.string().min(1).max(60).regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, ".", "_" and "-" only').describe('The scenario’s name, shown on the home page.'),
  description: z.string().max(2000).describe('One paragraph: what the scenario is for.'),
  genesisTimestamp: z.number().int().min(0).max(4_102_444_800).describe('Unix seconds of block 0.'),
  blocks: z.number().int().min(40).max(100_000).describe('Consensus blocks after genesis (at least 40).'),
  transactionsPerBlock: z.number().min(0).max(500).describe('Mean number of random transactions per block.'),
  accounts: count(100_000).min(10).describe('Externally owned accounts taking part in random activity (at least 10).'),
  validators: count(1_000).min(1).describe('Validators proposing blocks.'),
  missedSlotRate: rate.max(0.5).describe('Chance that a slot has no block.'),
  uncleRate: rate.max(0.5).describe('Chance that a block names an uncle.'),
  reorgRate: rate.max(0.5).describe('Chance that a height also has a reorged block.'),
  withdrawalsPerBlock: z.number().min(0).max(16).describe('Mean beacon-chain withdrawals per block.'),
  tokens: z
    .strictObject({ erc20: count(200), erc721: count(200), erc1155: count(200), erc404: count(200) })
    .describe('Token contracts deployed at set-up, by type (at least one of each type is always deployed).'),
  deployRate: rate.max(0.2).describe('Chance that a random transaction deploys a new contract.'),
  exchangeRate: z.string().regex(/^(0|[1-9][0-9]*)(\.[0-9]+)?$/, 'a decimal number as text, such as "3141.59"').describe('USD price of the native coin.'),
  collectors: z
    .array(z.strictObject({ handle: z.string().regex(/^[A-Za-z][A-Za-z0-9]*$/, 'a handle is letters and digits'), collections: count(1_000).min(1) }))
    .max(10)
    .optional()
    .describe('Accounts holding NFTs of exactly `collections` collections each, named by `handle`.'),
});

/** A scenario file: a whole scenario, or `extends` another and changes some of its knobs. */
export const scenarioFile = z.union([
  scenarioKnobs.extend({ $schema: z.string().optional() }),
  scenarioKnobs
    .partial()
    .extend({
      $schema: z.string().optional(),
      extends: z.string().min(1).describe('A built-in scenario’s name, or a path to another scenario file (relative to this one).'),
      tokens: scenarioKnobs.shape.tokens.partial().optional(),
    }),
]);

export type ScenarioInput = z.input<typeof scenarioFile>;

/** The JSON Schema (draft 2020-12) of a scenario file: what `"$schema"` points editors at. */
export const scenarioJsonSchema = (): Record<string, unknown> => ({
  ...(z.toJSONSchema(scenarioFile, { target: 'draft-2020-12', io: 'input' }) as Record<string, unknown>),
  title: 'explorer-mock scenario',
});
