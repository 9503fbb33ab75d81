import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildChain } from '../generators/buildChain.js';
import { tiny } from '../scenarios/tiny.js';
import { chainViolations } from './support/chainLaws.js';
import { blobBaseFee, GAS_PER_BLOB, PRAGUE_BLOBS } from '../src/protocol/blobGas.js';
import { chainFingerprint } from './support/chainFingerprint.js';

describe('the chain obeys its laws', () => {
  it('on 20 seeds of tiny', () => {
    fc.assert(
      fc.property(fc.oneof(fc.nat(), fc.string({ minLength: 1, maxLength: 12 })), (seed) => {
        expect(chainViolations(buildChain({ scenario: 'tiny', seed }))).toEqual([]);
      }),
      { numRuns: 20 },
    );
  });

  it('on default', () => {
    expect(chainViolations(buildChain({ scenario: 'default', seed: 1 }))).toEqual([]);
  });
});

describe('determinism', () => {
  it('two builds of the same scenario and seed are deep-equal', () => {
    fc.assert(
      fc.property(fc.nat(), (seed) => {
        expect(buildChain({ scenario: 'tiny', seed })).toEqual(buildChain({ scenario: 'tiny', seed }));
      }),
      { numRuns: 5 },
    );
  });

  it('another process builds the same chain', () => {
    const here = chainFingerprint(buildChain({ scenario: 'default', seed: 'cross-process' }));
    const script = `import { buildChain } from './generators/buildChain.ts'; import { chainFingerprint } from './test/support/chainFingerprint.ts';
      process.stdout.write(chainFingerprint(buildChain({ scenario: 'default', seed: 'cross-process' })));`;
    const there = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(there).toBe(here);
  });

  it('different seeds give different chains', () => {
    const [a, b] = [buildChain({ scenario: 'tiny', seed: 1 }), buildChain({ scenario: 'tiny', seed: 2 })];
    expect(a.blocks.at(-1)!.hash).not.toBe(b.blocks.at(-1)!.hash);
    expect(a.transactions.at(0)!.hash).not.toBe(b.transactions.at(0)!.hash);
    expect(a.accounts[1]!.hash).not.toBe(b.accounts[1]!.hash);
    expect(a.accounts.find((x) => x.contract?.token)!.contract!.token!.name).not.toBe(
      b.accounts.find((x) => x.contract?.token)!.contract!.token!.name,
    );
    expect([...a.transactions].map((t) => t.value)).not.toEqual([...b.transactions].map((t) => t.value));
  });
});

describe('the laws catch a broken chain', () => {
  const broken: [string, (chain: ReturnType<typeof buildChain>) => void][] = [
    ['a balance off by one wei', (c) => void (c.accounts[c.richList[3]!]!.balance += 1n)],
    ['a block gas used off', (c) => void ((c.blocks.at(10) as { gasUsed: number }).gasUsed += 1)],
    ['a nonce repeated', (c) => void ((c.transactions.at(c.transactions.length - 1) as { nonce: number }).nonce -= 1)],
    ['a token supply off', (c) => void (c.accounts.find((a) => a.contract?.token)!.contract!.token!.totalSupply += 1n)],
    [
      'a transaction missing from an index',
      (c) =>
        void ((c.indexes.at(c.richList[0]!) as { transactions: Int32Array }).transactions = c.indexes
          .at(c.richList[0]!)!
          .transactions.slice(1)),
    ],
    [
      'a broken parent link',
      (c) => void ((c.blocks.at(20) as { parentHash: string }).parentHash = c.blocks.at(18)!.hash),
    ],
    ['a token transfer log index off', (c) => void ((c.tokenTransfers.at(5) as { logIndex: number }).logIndex += 1)],
    ['an event its ABI does not declare', (c) => void ((c.events.at(0) as { name: string }).name = 'Rugged')],
    ['a wrong base fee', (c) => void ((c.blocks.at(30) as { baseFeePerGas: bigint }).baseFeePerGas += 1n)],
    [
      'a tip above the fee cap (a node refuses it)',
      (c) => {
        // One its cap clipped: the price it paid stays the cap, so only the tip's bound can tell.
        const t = [...c.transactions].find((x) => x.maxFeePerGas !== null && x.gasPrice === x.maxFeePerGas)!;
        (t as { maxPriorityFeePerGas: bigint | null }).maxPriorityFeePerGas = t.maxFeePerGas! + 1n;
      },
    ],
    [
      'a skipped authorization recorded as applied',
      (c) => void (([...c.authorizations].find((a) => a.status !== 'ok') as { status: string }).status = 'ok'),
    ],
    [
      'an applied authorization recorded as skipped (its nonce and designator left behind)',
      (c) =>
        void (([...c.authorizations].find((a) => a.status === 'ok') as { status: string }).status = 'invalid_nonce'),
    ],
    [
      'an authorization out of list order',
      (c) => void ((c.authorizations.at(c.authorizations.length - 1) as { index: number }).index += 1),
    ],
    [
      'a set-code transaction without authorizations',
      (c) => void ((c.transactions.at(c.authorizations.at(0)!.transaction) as { type: number }).type = 2),
    ],
    [
      'a block blob gas used off by a blob',
      (c) => void ((c.blocks.at(c.blobs.at(0)!.block) as { blobGasUsed: number }).blobGasUsed += 131_072),
    ],
    [
      'an excess blob gas off the EIP-4844 rule',
      (c) => void ((c.blocks.at(c.blobs.at(0)!.block + 1) as { excessBlobGas: number }).excessBlobGas -= 1),
    ],
    [
      'a blob fee cap below the blob base fee',
      (c) => void ((c.blobs.at(0) as { maxFeePerBlobGas: bigint }).maxFeePerBlobGas = 0n),
    ],
    [
      'a blob transaction without blobs',
      (c) => void ((c.transactions.at(c.blobs.at(0)!.transaction) as { type: number }).type = 3 - 1),
    ],
    [
      'a blob fee not burnt (its sender keeps it)',
      (c) => {
        const blob = c.blobs.at(0)!;
        const blobs = [...c.blobs].filter((b) => b.transaction === blob.transaction).length;
        const fee = BigInt(blobs * GAS_PER_BLOB) * blobBaseFee(c.blocks.at(blob.block)!.excessBlobGas, PRAGUE_BLOBS);
        c.accounts[c.transactions.at(blob.transaction)!.fromId]!.balance += fee;
      },
    ],
  ];
  for (const [what, breakIt] of broken) {
    it(`catches ${what}`, () => {
      const chain = buildChain({ scenario: 'tiny', seed: 3 });
      breakIt(chain);
      expect(chainViolations(chain).length).toBeGreaterThan(0);
    });
  }
});

describe('the deposit laws catch a broken chain', () => {
  type Chain = ReturnType<typeof buildChain>;
  /** The chain's DepositEvent logs, in chain order. */
  const depositLogs = (c: Chain) => [...c.events].filter((e) => e.name === 'DepositEvent');
  const setArg = (c: Chain, k: number, arg: number, value: string) => {
    const event = depositLogs(c)[k]!;
    (event as { args: readonly unknown[] }).args = event.args.map((a, i) => (i === arg ? value : a));
  };
  const broken: [string, (c: Chain) => void][] = [
    ['a deposit index skipped', (c) => setArg(c, 2, 4, '0x0300000000000000')],
    ['a deposit index repeated', (c) => setArg(c, 2, 4, '0x0100000000000000')],
    ['an index counted from 1', (c) => setArg(c, 0, 4, '0x0100000000000000')],
    ['a logged amount that is not the value sent', (c) => setArg(c, 0, 2, '0x0100000000000000')],
    ['a pubkey not 48 bytes', (c) => setArg(c, 1, 0, '0x1234')],
    [
      'a deposit contract holding a wei more than its deposits',
      (c) => void (c.accounts.find((a) => a.contract?.kind === 'deposit-contract')!.balance += 1n),
    ],
  ];
  for (const [what, breakIt] of broken) {
    it(`catches ${what}`, () => {
      const chain = buildChain({ scenario: 'tiny', seed: 3 });
      expect(depositLogs(chain).length).toBeGreaterThanOrEqual(4);
      expect(chainViolations(chain)).toEqual([]);
      breakIt(chain);
      expect(chainViolations(chain).length).toBeGreaterThan(0);
    });
  }
});

describe('the user-operation laws catch a broken chain', () => {
  type Chain = ReturnType<typeof buildChain>;
  /** The bundles' operations of a chain, each with its transaction and its UserOperationEvent. */
  const opsOf = (c: Chain) =>
    [...c.transactions].flatMap((tx) =>
      tx.call?.functionName === 'handleOps' && tx.status === 'ok'
        ? (tx.call.args[0] as Record<string, unknown>[]).map((op, k) => ({
            op,
            event: [...Array(tx.eventCount).keys()]
              .map((i) => c.events.at(tx.eventStart + i)!)
              .filter((e) => e.name === 'UserOperationEvent')[k]!,
          }))
        : [],
    );
  /** Sets an operation's nonce in its bundle's argument and in its event alike. */
  const setNonce = (o: ReturnType<typeof opsOf>[number], nonce: bigint) => {
    o.op.nonce = nonce;
    (o.event.args as unknown[])[3] = nonce;
  };
  const second = (c: Chain) => {
    const ops = opsOf(c);
    return ops.find((o, i) =>
      ops
        .slice(0, i)
        .some((p) => p.op.sender === o.op.sender && (p.op.nonce as bigint) >> 64n === (o.op.nonce as bigint) >> 64n),
    )!;
  };
  const broken: [string, RegExp, (c: Chain) => void][] = [
    [
      'a sender’s nonce repeated on its key',
      /nonce sequence/,
      (c) => setNonce(second(c), (second(c).op.nonce as bigint) - 1n),
    ],
    [
      'a sender’s nonce skipping one on its key',
      /nonce sequence/,
      (c) => setNonce(second(c), (second(c).op.nonce as bigint) + 1n),
    ],
    [
      'a key of its own not starting at sequence 0',
      /nonce sequence/,
      (c) => {
        const keyed = opsOf(c).find((o) => (o.op.nonce as bigint) >> 64n > 0n)!;
        setNonce(keyed, (keyed.op.nonce as bigint) + 1n);
      },
    ],
    [
      'an operation reported with another nonce',
      /reported with nonce/,
      (c) => void ((opsOf(c)[0]!.event.args as unknown[])[3] = 7n),
    ],
    [
      'an operation whose cost is not its gas at its price',
      /actualGasCost/,
      (c) => void ((opsOf(c)[1]!.event.args as unknown[])[5] = 1n),
    ],
    [
      'an EntryPoint holding a wei more than its deposits',
      /its deposits are/,
      (c) => void (c.accounts.find((a) => a.contract?.kind === 'entry-point-v07')!.balance += 1n),
    ],
    [
      'an operation reported with another hash',
      /hash/,
      (c) => void ((opsOf(c)[2]!.event.args as unknown[])[0] = `0x${'ab'.repeat(32)}`),
    ],
  ];
  for (const [what, message, breakIt] of broken) {
    it(`catches ${what}`, () => {
      // Busier than tiny's share, so that some sender has a nonce key of its own.
      const chain = buildChain({ scenario: { ...tiny, userOperationsPerBlock: 3 }, seed: 3 });
      expect(opsOf(chain).length).toBeGreaterThan(3);
      breakIt(chain);
      const violations = chainViolations(chain);
      expect(
        violations.some((v) => message.test(v)),
        violations.join('\n'),
      ).toBe(true);
    });
  }
});
