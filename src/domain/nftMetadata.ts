import type { Account } from '../chain/types.js';
import { stream } from '../../generators/random/stream.js';
import { withFaker } from '../../generators/random/withFaker.js';

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The off-chain metadata of NFT `id` of a token contract, drawn from (seed, token, id). */
export function nftMetadata(seed: string, token: Account, id: bigint) {
  const label = `nft:${token.lower}:${id}`;
  const rng = stream(seed, label);
  const info = token.contract!.token!;
  const slug = info.symbol.toLowerCase();
  const image = `https://nft.explorer-mock.test/${slug}/${id}.png`;
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
    animation_url: animated ? `https://nft.explorer-mock.test/${slug}/${id}.mp4` : null,
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
    ...(own.image !== undefined ? { image_url: text(own.image)! } : {}),
    ...(own.attributes !== undefined
      ? { attributes: own.attributes.map((a) => ({ trait_type: a.trait_type, value: a.value })) }
      : {}),
  };
}
