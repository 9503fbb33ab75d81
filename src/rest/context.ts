import type { Chain } from '../chain/types.js';
import type { Mempool } from '../domain/mempool.js';
import type { Profile } from '../schemas/profile.js';
import { type ViewContext, viewContextOf } from '../views/context.js';

/** What endpoint handlers read: the views over the chain, and the transactions in front of its head. */
export interface RestContext extends ViewContext {
  /** The transactions waiting in front of the head, when the chain has a mempool (a served chain does). */
  readonly mempool: () => Mempool | undefined;
}

export const createRestContext = (
  chain: Chain,
  profile: Profile = 'spec',
  mempool: () => Mempool | undefined = () => undefined,
  origin?: () => string,
): RestContext => ({ ...viewContextOf(chain, profile, undefined, origin), mempool });
