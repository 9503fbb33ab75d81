import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../scenarios/loadScenario.js';
import type { Scenario } from '../../scenarios/types.js';
import { loadAnswerModules } from '../../src/app/chainApp.js';
import { creationBlockOf } from '../../src/domain/contracts.js';
import { factsOf } from '../../src/domain/facts.js';
import { runContractCode } from '../../src/execution/contractRuns.js';
import { createHandler, type MockHandler } from '../../src/handler/createHandler.js';

/** Every verified contract's verified_at, as endpoint 12 serves it, lies between its creation block and the head. */
async function verifiedAtLaw(handler: MockHandler): Promise<number> {
  const chain = handler.chain;
  const head = chain.blocks.at(chain.headHeight)!.timestamp;
  let checked = 0;
  for (const account of chain.accounts) {
    if (!account.contract || account.contract.verification === 'none' || account.contract.creationStatus === 'failed')
      continue;
    const response = await handler(new Request(`http://mock/api/v2/smart-contracts/${account.hash}`));
    const body = (await response.json()) as { verified_at?: string | null };
    if (!body.verified_at) continue;
    const at = Date.parse(body.verified_at) / 1000;
    const created = chain.blocks.at(creationBlockOf(factsOf(chain), account.id))!.timestamp;
    expect(at, `${account.hash} verified before its creation`).toBeGreaterThanOrEqual(created);
    expect(at, `${account.hash} verified after the head`).toBeLessThanOrEqual(head);
    checked++;
  }
  return checked;
}

describe('a contract is verified after its creation and before the head', () => {
  const cases: [string, () => Promise<string | Scenario>][] = [
    ['tiny', async () => 'tiny'],
    ['default', async () => 'default'],
    ['examples/dapp.json', () => loadScenario('scenarios/examples/dapp.json')],
    ['examples/wallet.json', () => loadScenario('scenarios/examples/wallet.json')],
  ];
  it.each(cases)(
    '%s, frozen and after mining 30 blocks',
    async (_name, scenario) => {
      await loadAnswerModules();
      const handler = createHandler({
        ...(await runContractCode({ scenario: await scenario(), seed: 1 })),
        cache: false,
      });
      expect(await verifiedAtLaw(handler)).toBeGreaterThan(0);
      handler.mine(30);
      expect(await verifiedAtLaw(handler)).toBeGreaterThan(0);
    },
    120_000,
  );
});
