import fc from 'fast-check';
import { type AbiFunction, decodeAbiParameters, getAddress, toFunctionSelector, toFunctionSignature } from 'viem';
import { describe, expect, it } from 'vitest';
import type { ContractKind } from '../../src/chain/types.js';
import { abiOf, constructorInputs } from './abiOf.js';
import { deployedBytecode, minimalProxyBytecode } from './bytecode.js';
import { contractArtifacts, type ContractArtifactsInput } from './contractArtifacts.js';
import { SIGNATURES } from './signatures.js';
import { buildChain } from '../buildChain.js';
import { functionOf } from '../../src/domain/abiCoder.js';
import { abiArguments } from '../../src/arbitraries/abiArguments.js';

const KINDS = Object.keys(SIGNATURES) as ContractKind[];
const WITH_CODE = KINDS.filter((k) => k !== 'failed-deploy' && k !== 'minimal-proxy');
const functions = (kind: ContractKind) => abiOf(kind).filter((x): x is AbiFunction => x.type === 'function');
const IMPLEMENTATION = getAddress('0x5FbDB2315678afecb367f032d93F642f64180aa3');

const input = (kind: ContractKind, args: readonly unknown[], label = 'c'): ContractArtifactsInput => ({
  seed: 's',
  kind,
  address: getAddress('0x00000000000000000000000000000000000000aa'),
  name: 'Sample',
  label,
  bytecodeLabel: `bytecode:${label}`,
  constructorArgs: args,
  token: { name: 'Sample Coin', symbol: 'SMP', decimals: 18 },
  implementationAddress: IMPLEMENTATION,
  libraryAddress: getAddress('0x00000000000000000000000000000000000000bb'),
  createdAt: 1_700_000_000,
});

describe('the contract catalogue', () => {
  it('has the methods the chain calls, with their exact signatures', () => {
    expect(functions('erc20').map(toFunctionSignature)).toContain('transfer(address,uint256)');
    expect(functions('erc1155').map(toFunctionSignature)).toContain(
      'safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)',
    );
    expect(functions('router').map(toFunctionSignature)).toContain(
      'swapExactETHForTokens(uint256,address[],address,uint256)',
    );
    expect(functions('lending-pool').map(toFunctionSignature)).toContain(
      'liquidationCall(address,address,address,uint256,bool)',
    );
    expect(abiOf('minimal-proxy')).toEqual([]);
  });

  it('knows every method every call of a built chain makes', () => {
    const chain = buildChain({ scenario: 'default', seed: 2 });
    const called = new Set<string>();
    for (const t of chain.transactions) {
      if (!t.call) continue;
      called.add(`${t.call.contractKind}.${t.call.functionName}`);
      expect(() => functionOf(t.call!)).not.toThrow();
    }
    expect(called.size).toBeGreaterThan(25);
  });

  it('puts every selector of the ABI in the deployed bytecode, and is deterministic', () => {
    for (const kind of WITH_CODE) {
      const code = deployedBytecode({
        seed: 's',
        kind,
        bytecodeLabel: 'x',
        implementationAddress: null,
        libraryAddress: null,
      });
      expect(code).toMatch(/^0x([0-9a-f]{2})+$/);
      for (const fn of functions(kind))
        expect(code, `${kind} ${fn.name}`).toContain(`63${toFunctionSelector(fn).slice(2)}`);
      expect(
        deployedBytecode({ seed: 's', kind, bytecodeLabel: 'x', implementationAddress: null, libraryAddress: null }),
      ).toBe(code);
      expect(
        deployedBytecode({ seed: 's', kind, bytecodeLabel: 'y', implementationAddress: null, libraryAddress: null }),
      ).not.toBe(code);
    }
  });

  it('makes EIP-1167 minimal proxies that embed their implementation', () => {
    expect(minimalProxyBytecode(IMPLEMENTATION)).toBe(
      `0x363d3d373d3d3d363d73${IMPLEMENTATION.slice(2).toLowerCase()}5af43d82803e903d91602b57fd5bf3`,
    );
    expect(contractArtifacts(input('minimal-proxy', [])).deployedBytecode).toBe(minimalProxyBytecode(IMPLEMENTATION));
  });

  it('ends creation bytecode with the constructor arguments, which decode back', () => {
    for (const kind of KINDS.filter((k) => constructorInputs(k).length > 0)) {
      fc.assert(
        fc.property(abiArguments(constructorInputs(kind)), fc.string({ minLength: 1, maxLength: 6 }), (args, label) => {
          const artifacts = contractArtifacts(input(kind, args, label));
          expect(artifacts.creationBytecode.endsWith(artifacts.constructorArgs!.slice(2))).toBe(true);
          const decoded = decodeAbiParameters(constructorInputs(kind), artifacts.constructorArgs!);
          expect(decoded.length).toBe(args.length);
          expect(artifacts.decodedConstructorArgs!.map(([, p]) => p.name)).toEqual(
            constructorInputs(kind).map((p) => p.name),
          );
        }),
        { numRuns: 20 },
      );
    }
  });

  it('writes sources that declare every function of their ABI, in the right language', () => {
    for (const kind of KINDS.filter((k) => k !== 'minimal-proxy')) {
      const args = fc.sample(abiArguments(constructorInputs(kind)), { numRuns: 1, seed: 1 })[0]!;
      const artifacts = contractArtifacts(input(kind, args));
      const sources = [artifacts.sourceCode, ...artifacts.additionalSources.map((s) => s.sourceCode)].join('\n');
      for (const fn of functions(kind))
        expect(sources, `${kind}.${fn.name}`).toMatch(
          new RegExp(
            `(def|function|mapping\\(|public\\(|\\bpublic\\b[^;]*\\b)\\s*${fn.name}\\b|\\b${fn.name}\\s*[;=(]`,
          ),
        );
      expect(artifacts.language).toBe(kind === 'vyper-escrow' ? 'vyper' : 'solidity');
      expect(contractArtifacts(input(kind, args))).toEqual(artifacts);
    }
  });

  it('gives twins (same bytecode label) identical bytecode and compiler', () => {
    const args = ['Sample', 'SMP', 18, 1000n];
    const a = contractArtifacts({ ...input('erc20', args, 'a'), bytecodeLabel: 'twin' });
    const b = contractArtifacts({ ...input('erc20', args, 'b'), bytecodeLabel: 'twin' });
    expect(b.deployedBytecode).toBe(a.deployedBytecode);
    expect(b.compilerVersion).toBe(a.compilerVersion);
  });
});
