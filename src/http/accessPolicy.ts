/**
 * Who may use a server on a developer's machine. Reads stay open to every web page (CORS `*`: a
 * frontend on another port needs them), but a page of another site must not drive the mock: the
 * server answers only to the host names that are its own (against DNS rebinding), and only pages
 * on this machine may change its state (mine, reset, send transactions, verify contracts).
 */
export interface AccessOptions {
  /**
   * Host names the server answers to besides loopback names (`localhost`, `*.localhost`), IP
   * addresses and the address it is bound to; a leading dot allows a domain and its subdomains
   * (`.example.test`). `true`: any host, as Vite's `allowedHosts: true`. Default: none.
   */
  readonly allowedHosts?: readonly string[] | true;
  /**
   * Origins of web pages (`https://app.example`: scheme, host and port) that may change the
   * server's state besides pages on this machine (loopback hosts, the bound address, the allowed
   * hosts) and browser extensions (a wallet); `'null'` for sandboxed frames and `file:` pages.
   * `true`: any page. Default: none.
   */
  readonly trustedOrigins?: readonly string[] | true;
}

export interface AccessPolicy {
  /** Why the server refuses a request carrying this `Host` header (403), or undefined when it answers to it. */
  hostRefusal(host: string | undefined): string | undefined;
  /** Why a request from this `Origin` may not change state, or undefined when it may (no origin: not a web page). */
  writeRefusal(origin: string | null | undefined): string | undefined;
}

/** The address a server binds to when it listens on every interface: no name of its own. */
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]', '']);

/** The origins of browser extensions (Chrome's, Firefox's, Safari's). */
const EXTENSION = /^(chrome-extension|moz-extension|safari-web-extension):\/\/[^/]+$/i;

/** At most this many distinct `Host` and `Origin` values are remembered (a client sending a new one each time gets no cache). */
const MEMO_SIZE = 256;

/** The policy of a server bound to `boundHost` (the `--host` address), with the user's allowances. */
export function accessPolicy(options: AccessOptions & { readonly boundHost?: string }): AccessPolicy {
  const { allowedHosts = [], trustedOrigins = [] } = options;
  const bound = options.boundHost === undefined ? '' : bracketed(normalHost(options.boundHost));
  const own = (name: string) =>
    isLoopbackName(name) ||
    (bound !== '' && !WILDCARDS.has(bound) && name === bound) ||
    (allowedHosts !== true && allowedHosts.some((allowed) => hostMatches(name, allowed)));
  const hostRefusal = memo((host: string) => {
    if (allowedHosts === true) return undefined;
    const name = hostnameOf(host);
    if (name === undefined)
      return `Host ${JSON.stringify(clip(host))} is not a host name (name[:port] or [IPv6][:port])`;
    if (own(name) || isIpAddress(name)) return undefined;
    return `Host ${JSON.stringify(clip(host))} is not allowed: explorer-mock answers only to loopback names (localhost), IP addresses and the address it is bound to, so that a web page cannot reach it through DNS rebinding. To allow it, start with --allowed-hosts ${clip(name)} (the allowedHosts option)`;
  });
  const trusted = trustedOrigins === true ? null : new Set(trustedOrigins.map(normalOrigin));
  const writeRefusal = memo((origin: string) => {
    if (trusted === null || trusted.has(normalOrigin(origin))) return undefined;
    // A browser extension the user installed (a wallet sending to the mock's node): no web page can send its origin.
    if (EXTENSION.test(origin)) return undefined;
    const name = originHostname(origin);
    // Any IP may be a web site's; only a loopback one (or the unspecified address, which browsers send to this machine) is this machine's.
    if (name !== undefined && (own(name) || isLoopbackAddress(name) || WILDCARDS.has(name))) return undefined;
    return `Origin ${JSON.stringify(clip(origin))} may not change the mock's state (mine, reset, send transactions, verify contracts): only pages on this machine may, and every page may read. To allow it, start with --trusted-origins ${clip(origin)} (the trustedOrigins option)`;
  });
  return {
    hostRefusal: (host) => (host === undefined || host === '' ? undefined : hostRefusal(host)),
    writeRefusal: (origin) =>
      origin === undefined || origin === null || origin === '' ? undefined : writeRefusal(origin),
  };
}

/** A problem with access options, named for `where` (`startServer`, `createHandler`), or null. */
export function accessOptionProblem(options: AccessOptions, where: string): string | null {
  const { allowedHosts, trustedOrigins } = options;
  if (allowedHosts !== undefined && allowedHosts !== true) {
    const bad = Array.isArray(allowedHosts)
      ? allowedHosts.find((h) => typeof h !== 'string' || !isHostName(h))
      : allowedHosts;
    if (!Array.isArray(allowedHosts) || bad !== undefined)
      return `${where}: allowedHosts must be true or an array of host names such as ["mock.test", ".example.test"], got ${show(bad)}`;
  }
  if (trustedOrigins !== undefined && trustedOrigins !== true) {
    const bad = Array.isArray(trustedOrigins)
      ? trustedOrigins.find((o) => typeof o !== 'string' || !isOrigin(o))
      : trustedOrigins;
    if (!Array.isArray(trustedOrigins) || bad !== undefined)
      return `${where}: trustedOrigins must be true or an array of origins such as ["https://app.example", "http://192.168.1.20:3000"] (scheme, host and port; no path), got ${show(bad)}`;
  }
  return null;
}

/** Whether a text is a host name as `allowedHosts` takes it: letters, digits, `-`, `_` and dots, a leading dot for a domain and its subdomains. */
export const isHostName = (text: string) => /^\.?[a-z\d_-]+(\.[a-z\d_-]+)*\.?$/i.test(text);

/** Whether a text is an origin as browsers write it (`scheme://host[:port]`, or `null`), as `trustedOrigins` takes it. */
export function isOrigin(text: string): boolean {
  if (text === 'null') return true;
  try {
    const url = new URL(text);
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    return url.origin !== 'null' && bare && !text.endsWith('?') && !text.endsWith('#');
  } catch {
    return false;
  }
}

/** An origin compared as browsers send it: lower case, no trailing slash, the scheme's default port left out. */
function normalOrigin(origin: string): string {
  try {
    const url = new URL(origin);
    return url.origin === 'null' ? origin.toLowerCase() : url.origin;
  } catch {
    return origin.toLowerCase();
  }
}

/** The host name of an origin (`[::1]` bracketed), or undefined when it has none (`null`, junk). */
function originHostname(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    return url.hostname === '' ? undefined : normalHost(url.hostname);
  } catch {
    return undefined;
  }
}

/** The host name of a `Host` header (`name[:port]`, `[v6][:port]`), lower case; undefined when it is not one. */
function hostnameOf(host: string): string | undefined {
  const text = host.trim().toLowerCase();
  const match = /^(\[[\da-f:.]+\]|[^:[\]]+)(?::\d{1,5})?$/.exec(text);
  return match ? normalHost(match[1]!) : undefined;
}

/** A host name without its trailing dot (`localhost.` is `localhost`), lower case. */
const normalHost = (name: string) => (name.endsWith('.') ? name.slice(0, -1) : name).toLowerCase();

/** An IPv6 address as a `Host` header and a URL write it: in brackets. */
const bracketed = (name: string) => (name.includes(':') && !name.startsWith('[') ? `[${name}]` : name);

/** `name` is `allowed`, or under it when `allowed` starts with a dot. */
const hostMatches = (name: string, allowed: string) => {
  const a = normalHost(allowed);
  return a.startsWith('.') ? name === a.slice(1) || name.endsWith(a) : name === a;
};

/** `localhost` and its subdomains (RFC 6761), and the loopback addresses. */
const isLoopbackName = (name: string) => name === 'localhost' || name.endsWith('.localhost') || isLoopbackAddress(name);

const isLoopbackAddress = (name: string) => /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) || name === '[::1]';

/** An IPv4 address or a bracketed IPv6 one: DNS rebinding needs a name, so any address is safe to answer to. */
const isIpAddress = (name: string) =>
  /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(name) ||
  /^\[[\da-f:.]*:[\da-f:.]*\]$/.test(name);

const clip = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

const show = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : String(value));

/** A function of a text remembered for the last `MEMO_SIZE` distinct texts (the hot path meets the same Host on every request). */
function memo(compute: (text: string) => string | undefined): (text: string) => string | undefined {
  const known = new Map<string, string | undefined>();
  return (text) => {
    if (known.has(text)) return known.get(text);
    const value = compute(text);
    if (known.size >= MEMO_SIZE) known.clear();
    known.set(text, value);
    return value;
  };
}
