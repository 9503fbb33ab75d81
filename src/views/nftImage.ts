import { stream } from '../../generators/random/stream.js';
import type { Account } from '../chain/types.js';

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** A short form of a long id, so the caption fits: `1234…5678`. */
const shortId = (id: bigint) => {
  const text = String(id);
  return text.length > 12 ? `${text.slice(0, 5)}…${text.slice(-5)}` : text;
};

/**
 * The picture the mock draws for NFT `id` of a token (an SVG, 512 × 512): a background, three
 * shapes and the token's symbol and id, every colour and place drawn from (seed, token, id), so
 * the same NFT looks the same every run. The animated form turns and pulses its shapes (SMIL,
 * which browsers play inside `<img>`).
 */
export function nftImageSvg(seed: string, token: Account, id: bigint, animated: boolean): string {
  const rng = stream(seed, `nft-image:${token.lower}:${id}`);
  const hue = rng.int(0, 359);
  const symbol = escapeXml(token.contract?.token?.symbol ?? 'NFT');
  const shapes: string[] = [];
  for (let k = 0; k < 3; k++) {
    const fill = `hsl(${(hue + 90 + 90 * k + rng.int(0, 40)) % 360},${rng.int(55, 85)}%,${rng.int(45, 70)}%)`;
    const x = rng.int(120, 392);
    const y = rng.int(110, 330);
    const size = rng.int(50, 120);
    const shape = rng.int(0, 2);
    const spin = animated
      ? `<animateTransform attributeName="transform" type="rotate" from="0 ${x} ${y}" to="${k % 2 ? -360 : 360} ${x} ${y}" dur="${rng.int(4, 12)}s" repeatCount="indefinite"/>`
      : '';
    const pulse = animated
      ? `<animate attributeName="opacity" values="0.95;0.45;0.95" dur="${rng.int(2, 6)}s" repeatCount="indefinite"/>`
      : '';
    shapes.push(
      shape === 0
        ? `<circle cx="${x}" cy="${y}" r="${size}" fill="${fill}" opacity="0.95">${pulse}</circle>`
        : shape === 1
          ? `<rect x="${x - size}" y="${y - size}" width="${2 * size}" height="${2 * size}" rx="${rng.int(0, 24)}" fill="${fill}" opacity="0.95">${spin}${pulse}</rect>`
          : `<polygon points="${x},${y - size} ${x + size},${y + size} ${x - size},${y + size}" fill="${fill}" opacity="0.95">${spin}${pulse}</polygon>`,
    );
  }
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">',
    `<title>${symbol} #${escapeXml(String(id))}</title>`,
    `<rect width="512" height="512" fill="hsl(${hue},45%,18%)"/>`,
    ...shapes,
    `<rect y="420" width="512" height="92" fill="rgba(0,0,0,0.45)"/>`,
    `<text x="256" y="478" font-family="monospace" font-size="40" fill="#ffffff" text-anchor="middle">${symbol} #${escapeXml(shortId(id))}</text>`,
    '</svg>',
  ].join('');
}
