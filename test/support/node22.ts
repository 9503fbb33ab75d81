import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

/** Node 22's build the tests run Hardhat 3 with (pinned: the same binary every run). */
const NODE_VERSION = '22.23.3';

const require = createRequire(import.meta.url);
const CACHE = join(dirname(require.resolve('vitest/package.json')), '..', '.cache');

/** A Node 22 to run a tool with, and the environment it needs to find its native modules. */
export interface Node22 {
  /** The `node` executable. */
  readonly node: string;
  /** Where CommonJS `require` looks after the tool's own node_modules (the simulator's native build). */
  readonly nodePath: string;
}

/**
 * A Node 22 for Hardhat 3, which refuses Node 20 (the version this project supports and CI runs):
 * Node's own build as the npm registry publishes it (`node-<platform>-<arch>`), and the native
 * build of Hardhat 3's simulator (EDR), which npm skips on Node 20 as its engine asks for 22 and
 * which Hardhat loads even to talk to another node. Installed once, by `npm install` from the
 * registry `npm ci` used, into node_modules/.cache (as the browser tests' Chromium is unpacked),
 * so `npm install && npm test` needs nothing else but that registry on the first run.
 */
export async function node22(): Promise<Node22> {
  // EDR's package.json is not among its exports; its entry point sits beside it.
  const edrManifest = join(dirname(require.resolve('@nomicfoundation/edr')), 'package.json');
  const edr = JSON.parse(readFileSync(edrManifest, 'utf8')).version as string;
  const dir = join(CACHE, `explorer-mock-node-${NODE_VERSION}-edr-${edr}`);
  const nodeName = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
  const node = join(dir, 'node_modules', nodeName, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (!existsSync(node)) {
    // Installed beside, then moved into place: an install cut short leaves nothing half made.
    const making = `${dir}.${process.pid}`;
    rmSync(making, { recursive: true, force: true });
    mkdirSync(making, { recursive: true });
    try {
      await promisify(execFile)(
        'npm',
        [
          'install',
          '--no-save',
          '--no-package-lock',
          '--no-audit',
          '--no-fund',
          '--prefix',
          making,
          `${nodeName}@${NODE_VERSION}`,
          `@nomicfoundation/edr-${edrPlatform()}@${edr}`,
        ],
        { shell: process.platform === 'win32' },
      );
      // Another run may have put its own in place meanwhile: keep that one (a directory without
      // the binary is what an older, interrupted install left).
      if (!existsSync(node)) {
        rmSync(dir, { recursive: true, force: true });
        renameSync(making, dir);
      }
    } catch (error) {
      if (!existsSync(node)) throw error;
    } finally {
      rmSync(making, { recursive: true, force: true });
    }
  }
  return { node, nodePath: join(dir, 'node_modules') };
}

/** The suffix of EDR's native package for this machine, as napi-rs names its builds. */
function edrPlatform(): string {
  if (process.platform === 'linux') {
    const glibc = (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header
      ?.glibcVersionRuntime;
    return `linux-${process.arch}-${glibc ? 'gnu' : 'musl'}`;
  }
  if (process.platform === 'win32') return `win32-${process.arch}-msvc`;
  return `${process.platform}-${process.arch}`;
}
