import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../scenarios/loadScenario.js';
import { CreateHandlerError, createHandler } from '../../src/handler/createHandler.js';
import { PROFILES } from '../../src/schemas/profile.js';
import { startServer } from '../../src/startServer.js';
import { expectValidResponse } from '../support/expectValid.js';

type Json = Record<string, any>;

/** Every NFT instance a token list shows, for each NFT token of the chain. */
async function instancesOf(handler: ReturnType<typeof createHandler>, profile: string) {
  const get = async (url: string) => {
    const response = await handler(new Request(`http://mock${url}`));
    const body = await response.text();
    expectValidResponse(url, response.status, body, profile as 'spec');
    return JSON.parse(body) as Json;
  };
  const out: Json[] = [];
  for (const account of handler.chain.accounts) {
    const type = account.contract?.token?.type;
    if (!type || type === 'ERC-20') continue;
    out.push(...((await get(`/api/v2/tokens/${account.hash}/instances`)).items as Json[]));
  }
  return out;
}

const svgOf = async (handler: ReturnType<typeof createHandler>, url: string) => {
  const response = await handler(new Request(url));
  expect(response.status, url).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/svg+xml');
  return response.text();
};

describe.each(PROFILES)('NFT media, profile %s', (profile) => {
  const handler = createHandler({ scenario: 'tiny', seed: 2, cache: false, profile });

  it('point at the mock’s own drawings, which it serves: the same bytes every time, one picture per NFT', async () => {
    const instances = await instancesOf(handler, profile);
    expect(instances.length).toBeGreaterThan(10);
    const pictures = new Set<string>();
    let animated = 0;
    for (const instance of instances) {
      const image = instance.image_url as string;
      expect(image).toMatch(/^http:\/\/127\.0\.0\.1:4000\/__mock\/nft\/0x[0-9a-f]{40}\/[0-9]+\.svg$/);
      expect(instance.metadata.image_url).toBe(image);
      if (profile === 'blockscout') expect(instance.media_url).toBe(image);
      const svg = await svgOf(handler, image);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/s);
      expect(svg).toContain(`#${instance.id.length > 12 ? instance.id.slice(0, 5) : instance.id}`);
      expect(await svgOf(handler, image)).toBe(svg);
      pictures.add(svg);
      if (instance.animation_url !== null) {
        animated += 1;
        expect(instance.animation_url).toBe(image.replace(/\.svg$/, '.animated.svg'));
        expect(await svgOf(handler, instance.animation_url)).toMatch(/<animate(Transform)? /);
      }
    }
    expect(pictures.size).toBe(instances.length);
    expect(animated).toBeGreaterThan(0);
    // Another handler on the same chain draws the same pictures.
    const again = createHandler({ scenario: 'tiny', seed: 2, cache: false, profile });
    const first = instances[0]!.image_url as string;
    expect(await svgOf(again, first)).toBe(await svgOf(handler, first));
  });

  it('answer 404 for a path that names no NFT of the chain', async () => {
    const erc20 = handler.chain.accounts.find((a) => a.contract?.token?.type === 'ERC-20')!;
    for (const path of [
      `/__mock/nft/${erc20.lower}/1.svg`,
      `/__mock/nft/0x${'5e'.repeat(20)}/1.svg`,
      '/__mock/nft/0x12/1.svg',
      `/__mock/nft/${erc20.lower}/01.svg`,
      `/__mock/nft/${erc20.lower}/${2n ** 256n}.svg`,
    ]) {
      const response = await handler(new Request(`http://mock${path}`));
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ message: 'Not found' });
    }
  });
});

describe('the origin NFT media point at', () => {
  it('is the one a handler is given', async () => {
    const handler = createHandler({ scenario: 'tiny', seed: 2, cache: false, publicUrl: 'https://explorer.test:8443' });
    const [instance] = await instancesOf(handler, 'spec');
    expect(instance!.image_url).toMatch(/^https:\/\/explorer\.test:8443\/__mock\/nft\//);
    await svgOf(handler, instance!.image_url);
  });

  it('is a server’s own address, where it serves them over HTTP', async () => {
    const server = await startServer({ scenario: 'tiny', seed: 2, port: 0, cache: false, profile: 'blockscout' });
    try {
      const token = server.chain.accounts.find((a) => a.contract?.token?.type === 'ERC-721')!;
      const page = (await (await fetch(`${server.url}/api/v2/tokens/${token.hash}/instances`)).json()) as Json;
      const image = page.items[0].image_url as string;
      expect(image.startsWith(`${server.url}/__mock/nft/${token.lower}/`)).toBe(true);
      const response = await fetch(image);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(await response.text()).toMatch(/^<svg /);
    } finally {
      await server.close();
    }
  });

  it('is the public URL a server is given (behind a proxy or a mapped port)', async () => {
    const server = await startServer({
      scenario: 'tiny',
      seed: 2,
      port: 0,
      cache: false,
      publicUrl: 'http://localhost:8080',
    });
    try {
      const token = server.chain.accounts.find((a) => a.contract?.token?.type === 'ERC-721')!;
      const page = (await (await fetch(`${server.url}/api/v2/tokens/${token.hash}/instances`)).json()) as Json;
      expect(page.items[0].image_url).toMatch(/^http:\/\/localhost:8080\/__mock\/nft\//);
    } finally {
      await server.close();
    }
    await expect(startServer({ scenario: 'tiny', publicUrl: 'localhost:8080' })).rejects.toThrow(
      /startServer: publicUrl must be an http or https origin/,
    );
  });

  it('must be an origin', () => {
    for (const origin of ['127.0.0.1:4000', 'http://127.0.0.1:4000/', 'ftp://x', 'http://a/b'])
      expect(() => createHandler({ scenario: 'tiny', publicUrl: origin }), origin).toThrow(CreateHandlerError);
  });
});

describe('a scenario’s own NFT image', () => {
  it('stays as given, with no drawn animation in front of it', async () => {
    const scenario = await loadScenario('scenarios/examples/wallet.json');
    const handler = createHandler({ scenario, seed: 1, cache: false, profile: 'blockscout' });
    const pass = handler.chain.accounts.find((a) => a.contract?.token?.symbol === 'PASS')!;
    const response = await handler(new Request(`http://mock/api/v2/tokens/${pass.hash}/instances`));
    const items = ((await response.json()) as Json).items as Json[];
    expect(items.length).toBe(3);
    for (const item of items) {
      expect(item.image_url).toBe(`https://example.com/pass/${item.id}.png`);
      expect(item.animation_url).toBeNull();
    }
  });
});
