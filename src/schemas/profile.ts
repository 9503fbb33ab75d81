/** Whose answers the REST API gives: the seed spec's (the default) or Blockscout v11's (`src/profiles/blockscout.ts`). */
export type Profile = 'spec' | 'blockscout';

export const PROFILES: readonly Profile[] = ['spec', 'blockscout'];
