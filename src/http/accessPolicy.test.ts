import { describe, expect, it } from 'vitest';
import { accessOptionProblem, accessPolicy } from './accessPolicy.js';

describe('accessPolicy: the hosts a server answers to', () => {
  const policy = accessPolicy({ boundHost: '127.0.0.1' });

  it('answers to loopback names, any IP address and the bound address; no Host (not a browser) passes', () => {
    for (const host of [
      'localhost',
      'localhost:4000',
      'LOCALHOST.:4000',
      'app.localhost:3000',
      '127.0.0.1:4000',
      '127.1.2.3',
      '[::1]:4000',
      '192.168.1.20:4000',
      '10.0.0.7',
      '[fe80::1]',
      undefined,
      '',
    ])
      expect(policy.hostRefusal(host), String(host)).toBeUndefined();
  });

  it('refuses another name (DNS rebinding), naming the flag that allows it', () => {
    for (const host of ['evil.example', 'evil.example:4000', 'localhost.evil.example', '127.0.0.1.nip.io', '999.1.1.1'])
      expect(policy.hostRefusal(host), host).toMatch(/is not allowed: .*--allowed-hosts/);
    for (const host of ['a:b:c', 'evil.example:123456', '[::1'])
      expect(policy.hostRefusal(host), host).toMatch(/is not a host name/);
    expect(policy.hostRefusal('evil.example:4000')).toContain('--allowed-hosts evil.example ');
  });

  it('answers to the bound name and the allowed hosts, a leading dot allowing subdomains; true allows any', () => {
    const named = accessPolicy({ boundHost: 'mybox.lan', allowedHosts: ['mock.test', '.example.test'] });
    for (const host of ['mybox.lan:4000', 'mock.test', 'example.test', 'a.b.example.test:8080'])
      expect(named.hostRefusal(host), host).toBeUndefined();
    for (const host of ['other.test', 'badexample.test', 'mock.test.evil'])
      expect(named.hostRefusal(host)).toBeDefined();
    // Bound to every interface, the server has no name of its own: addresses still pass.
    const everywhere = accessPolicy({ boundHost: '0.0.0.0' });
    expect(everywhere.hostRefusal('0.0.0.0:4000')).toBeUndefined();
    expect(everywhere.hostRefusal('mybox.lan')).toBeDefined();
    expect(accessPolicy({ allowedHosts: true }).hostRefusal('anything.example')).toBeUndefined();
  });
});

describe('accessPolicy: the pages that may change state', () => {
  const policy = accessPolicy({ boundHost: '127.0.0.1' });

  it('lets a client that is no web page (no Origin) and pages on this machine change state', () => {
    for (const origin of [
      undefined,
      null,
      '',
      'http://localhost:3000',
      'https://localhost',
      'http://app.localhost:5173',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://0.0.0.0:3000',
      // A wallet extension sending to the node: no web page can send its origin.
      'chrome-extension://nkbihfbeogaeaoehlefnkodbefgpgknn',
      'moz-extension://7f3e6a52-0f7c-4c2b-9d1e-2a4b1c9e8f00',
    ])
      expect(policy.writeRefusal(origin), String(origin)).toBeUndefined();
  });

  it('refuses a page of another site, any other address, a sandboxed or file page, naming the flag', () => {
    for (const origin of [
      'https://evil.example',
      'http://192.168.1.20:3000',
      'null',
      'junk',
      'http://localhost.evil.example',
    ])
      expect(policy.writeRefusal(origin), origin).toMatch(/may not change the mock's state.*--trusted-origins/);
  });

  it('trusts the bound host, the allowed hosts and the trusted origins (as browsers write them); true trusts any', () => {
    const trusting = accessPolicy({
      boundHost: '192.168.1.20',
      allowedHosts: ['.example.test'],
      trustedOrigins: ['https://app.example', 'HTTPS://Other.example:443/', 'null'],
    });
    for (const origin of [
      'http://192.168.1.20:3000',
      'https://ui.example.test',
      'https://app.example',
      'https://other.example',
      'null',
    ])
      expect(trusting.writeRefusal(origin), origin).toBeUndefined();
    for (const origin of ['https://app.example:8443', 'http://app.example', 'https://evil.example'])
      expect(trusting.writeRefusal(origin), origin).toBeDefined();
    expect(accessPolicy({ trustedOrigins: true }).writeRefusal('https://evil.example')).toBeUndefined();
  });

  it('validates its options, naming the function', () => {
    expect(accessOptionProblem({}, 'startServer')).toBeNull();
    expect(accessOptionProblem({ allowedHosts: true, trustedOrigins: true }, 'startServer')).toBeNull();
    expect(
      accessOptionProblem({ allowedHosts: ['a.test', '.b.test'], trustedOrigins: ['http://x.test:3000'] }, 'f'),
    ).toBeNull();
    expect(accessOptionProblem({ allowedHosts: ['http://a.test'] }, 'startServer')).toMatch(
      /^startServer: allowedHosts must be true or an array of host names .*got "http:\/\/a.test"/,
    );
    expect(accessOptionProblem({ allowedHosts: 'all' as never }, 'startServer')).toMatch(/got "all"$/);
    expect(accessOptionProblem({ trustedOrigins: ['https://app.example/path'] }, 'createHandler')).toMatch(
      /^createHandler: trustedOrigins must be true or an array of origins .*got "https:\/\/app.example\/path"/,
    );
    expect(accessOptionProblem({ trustedOrigins: ['app.example'] }, 'startServer')).toMatch(/got "app.example"/);
  });
});
