import type { Chain } from '../chain/types.js';
import type { ExtraRoute } from '../http/answerHttp.js';
import { NFT_MEDIA_PREFIX, parseNftMediaPath } from '../domain/nftMedia.js';
import { nftImageSvg } from '../views/nftImage.js';

const NOT_FOUND = { status: 404, body: '{"message":"Not found"}' } as const;

/**
 * `/__mock/nft/{token}/{id}.svg` (and `{id}.animated.svg`): the pictures NFT metadata points at,
 * drawn from (seed, token, id), for a frontend that renders NFTs without the internet. A path
 * under the prefix that names no NFT token of the chain is a 404.
 */
export function nftMediaRoutes(chain: Chain): ExtraRoute {
  return (path) => {
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
  };
}
