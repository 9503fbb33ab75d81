/**
 * The README's vitest recipe: start explorer-mock once for the whole run, on a free port, and
 * hand its URL to the tests.
 */
import type { TestProject } from 'vitest/node';
import { startServer } from '../../../src/startServer.js';

declare module 'vitest' {
  export interface ProvidedContext {
    explorerUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startServer({ scenario: 'tiny', seed: 1, port: 0 });
  project.provide('explorerUrl', server.url);
  return () => server.close();
}
