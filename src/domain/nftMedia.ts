/**
 * Where the mock serves the media it draws for NFTs: `/__mock/nft/{token}/{id}.svg`, and
 * `{id}.animated.svg` for the animated form. The paths name the token (lower-case address) and
 * the id, so a frontend loads the same picture of an NFT every run, offline.
 */
export const NFT_MEDIA_PREFIX = '/__mock/nft/';

/** The path of an NFT's drawn image (or its animated form). */
export const nftMediaPath = (tokenLower: string, id: bigint, animated: boolean): string =>
  `${NFT_MEDIA_PREFIX}${tokenLower}/${id}${animated ? '.animated' : ''}.svg`;

const MEDIA_PATH = /^\/__mock\/nft\/(0x[0-9a-f]{40})\/(0|[1-9][0-9]{0,77})(\.animated)?\.svg$/;

/** The token, id and form a media path names, or undefined when it is not one (`nftMediaPath` inverted). */
export function parseNftMediaPath(
  path: string,
): { readonly tokenLower: string; readonly id: bigint; readonly animated: boolean } | undefined {
  const match = MEDIA_PATH.exec(path);
  if (!match) return undefined;
  const id = BigInt(match[2]!);
  return id < 2n ** 256n ? { tokenLower: match[1]!, id, animated: match[3] !== undefined } : undefined;
}

/**
 * The origin media URLs name when nothing else is known: the server's default address
 * (`--host 127.0.0.1 --port 4000`). A server names its own; fixtures and in-process handlers this one.
 */
export const DEFAULT_MEDIA_ORIGIN = 'http://127.0.0.1:4000';

/** What is wrong with a `publicUrl` option (an `http:` or `https:` origin, no path), or undefined. */
export function originOptionProblem(origin: unknown, name = 'publicUrl'): string | undefined {
  const problem = `${name} must be an http or https origin such as "http://127.0.0.1:4000", got ${JSON.stringify(origin)}`;
  if (typeof origin !== 'string') return problem;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin ? undefined : problem;
  } catch {
    return problem;
  }
}
