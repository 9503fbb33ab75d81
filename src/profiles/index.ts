import type { Profile } from '../schemas/profile.js';
import { blockscoutFormat } from './blockscout.js';
import type { ProfileFormat } from './profileFormat.js';
import { specFormat } from './spec.js';

const FORMATS: { readonly [P in Profile]: ProfileFormat<P> } = { spec: specFormat, blockscout: blockscoutFormat };

/** The format of a profile: how its answers differ from the spec form. */
export const formatOf = <P extends Profile>(profile: P): ProfileFormat<P> => FORMATS[profile];
