import type { Chain } from '../chain/types.js';
import type { Mount, RouteAnswer } from '../http/answerHttp.js';
import { NFT_MEDIA_PREFIX, parseNftMediaPath } from '../domain/nftMedia.js';
import { nftImageSvg } from '../views/nftImage.js';

const NOT_FOUND = { status: 404, body: '{"message":"Not found"}' } as const;

/**
 * `/__mock/nft/{token}/{id}.svg` (and `{id}.animated.svg`): the pictures NFT metadata points at,
 * drawn from (seed, token, id), for a frontend that renders NFTs without the internet. A path
 * under the prefix that names no NFT token of the chain is a 404.
 */
export function nftMediaMount(chain: Chain): Mount {
  return { path: NFT_MEDIA_PREFIX.slice(0, -1), get: (path) => nftMedia(chain, path) };
}

function nftMedia(chain: Chain, path: string): RouteAnswer | undefined {
  // The mount's own path (`/__mock/nft`) names no picture: left to the mock's 404.
  if (!path.startsWith(NFT_MEDIA_PREFIX)) return undefined;
  const media = parseNftMediaPath(path);
  const id = media && chain.accountByHash.get(media.tokenLower);
  const token = id === undefined ? undefined : chain.accounts[id];
  const type = token?.contract?.token?.type;
  if (!media || !token || type === undefined || type === 'ERC-20') return NOT_FOUND;
  return {
    status: 200,
    body: nftImageSvg(chain.seed, token, media.id, media.animated),
    contentType: 'image/svg+xml',
  };
}
