import type { Account } from '../chain/types.js';
import { stream } from '../../generators/random/stream.js';
import { withFaker } from '../../generators/random/withFaker.js';
import { nftMediaPath } from './nftMedia.js';

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The off-chain metadata of NFT `id` of a token contract, drawn from (seed, token, id). Its image,
 * and one NFT in five's animation, are the mock's own drawings at `origin` (`nftMediaPath`); a
 * scenario's own image stays as given, without a drawn animation in front of it.
 */
export function nftMetadata(seed: string, token: Account, id: bigint, origin: string) {
  const label = `nft:${token.lower}:${id}`;
  const rng = stream(seed, label);
  const info = token.contract!.token!;
  const slug = info.symbol.toLowerCase();
  const image = `${origin}${nftMediaPath(token.lower, id, false)}`;
  const animated = rng.chance(0.2);
  const drawn = withFaker(seed, label, (f) => ({
    name: `${info.name} #${id}`,
    description: f.lorem.sentence(),
    image_url: image,
    home_url: `https://${slug}.explorer-mock.test`,
    external_url: `https://${slug}.explorer-mock.test/items/${id}`,
    year: f.number.int({ min: 2017, max: 2024 }),
    tags: f.helpers.arrayElements(['art', 'pfp', 'gaming', 'music', 'membership', 'generative'], { min: 1, max: 3 }),
    attributes: [
      { trait_type: 'Background', value: capital(f.color.human()) },
      { trait_type: 'Material', value: f.commerce.productMaterial() },
      { trait_type: 'Rarity', value: f.helpers.arrayElement(['Common', 'Uncommon', 'Rare', 'Epic', 'Legendary']) },
    ],
    animation_url: animated ? `${origin}${nftMediaPath(token.lower, id, true)}` : null,
  }));
  const fixed = info.metadata;
  if (!fixed) return drawn;
  // What the scenario fixed wins, the id's own over the collection's; `{id}` becomes the id.
  const own = { ...fixed, ...fixed.ids?.[String(id)] };
  const text = (value: string | undefined) => value?.replaceAll('{id}', String(id));
  return {
    ...drawn,
    ...(own.name !== undefined ? { name: text(own.name)! } : {}),
    ...(own.description !== undefined ? { description: text(own.description)! } : {}),
    ...(own.image !== undefined ? { image_url: text(own.image)!, animation_url: null } : {}),
    ...(own.attributes !== undefined
      ? { attributes: own.attributes.map((a) => ({ trait_type: a.trait_type, value: a.value })) }
      : {}),
  };
}
