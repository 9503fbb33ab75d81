import type { CollectionTokenInstance, TokenInstance } from '../schemas/index.js';
import type { AccountId } from '../chain/types.js';
import { stream } from '../../generators/random/stream.js';
import { withFaker } from '../../generators/random/withFaker.js';
import { addressRef } from './addressRef.js';
import { cachedObject, type ViewContext } from './context.js';
import { token } from './token.js';

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The off-chain metadata of an NFT, drawn from its token and id. */
function nftMetadata(ctx: ViewContext, tokenId: AccountId, id: bigint) {
  const account = ctx.chain.accounts[tokenId]!;
  const label = `nft:${account.lower}:${id}`;
  return cachedObject(ctx, label, () => {
    const seed = ctx.chain.seed;
    const rng = stream(seed, label);
    const slug = account.contract!.token!.symbol.toLowerCase();
    const image = `https://nft.explorer-mock.test/${slug}/${id}.png`;
    const animated = rng.chance(0.2);
    return withFaker(seed, label, (f) => ({
      name: `${account.contract!.token!.name} #${id}`,
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
  });
}

/** Fields every token instance shows; the owner is the NFT's owner, or the holder for ERC-1155. */
function instanceFields(ctx: ViewContext, tokenId: AccountId, id: bigint, holderId: AccountId) {
  const type = ctx.chain.accounts[tokenId]!.contract!.token!.type;
  const ownerId = type === 'ERC-1155' ? holderId : (ctx.chain.nftOwners.get(`${tokenId}:${id}`) ?? holderId);
  const { animation_url, ...metadata } = nftMetadata(ctx, tokenId, id);
  return {
    id: String(id),
    is_unique: type !== 'ERC-1155',
    holder_address_hash: ctx.chain.accounts[holderId]!.hash,
    image_url: metadata.image_url,
    animation_url,
    external_app_url: metadata.external_url,
    metadata,
    owner: addressRef(ctx, ownerId)!,
  };
}

/** A token instance inside an address's token balance row. */
export const tokenInstanceView = (ctx: ViewContext, tokenId: AccountId, id: bigint, holderId: AccountId): TokenInstance => ({
  ...instanceFields(ctx, tokenId, id, holderId),
  token: token(ctx, tokenId),
});

/** A token instance inside an NFT collection: no token object, but its type and the amount held. */
export const collectionInstanceView = (ctx: ViewContext, tokenId: AccountId, id: bigint, holderId: AccountId, value: bigint): CollectionTokenInstance => ({
  ...instanceFields(ctx, tokenId, id, holderId),
  token: null,
  token_type: ctx.chain.accounts[tokenId]!.contract!.token!.type,
  value: String(value),
});
