/**
 * Which topics the explorer's v2 socket lets a client join (`channels/v2/user_socket.ex` and the
 * channels' `join` clauses in blockscout/blockscout v11.2.7), and what it answers otherwise.
 */

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The reply to a join: ok, or the explorer's refusal reason. */
export type JoinAnswer = { readonly ok: true } | { readonly ok: false; readonly reason: string };

export function joinAnswer(topic: string): JoinAnswer {
  const colon = topic.indexOf(':');
  const prefix = colon < 0 ? topic : topic.slice(0, colon);
  const rest = colon < 0 ? '' : topic.slice(colon + 1);
  const hash = (): JoinAnswer => (ADDRESS.test(rest) ? { ok: true } : { ok: false, reason: 'Invalid address hash' });
  switch (colon < 0 ? '' : prefix) {
    case 'blocks':
      return rest === 'new_block' || rest === 'indexing' || rest === 'indexing_internal_transactions'
        ? { ok: true }
        : hash();
    case 'addresses':
    case 'rewards':
      return hash();
    case 'transactions':
    case 'tokens':
    case 'token_instances':
      return { ok: true };
    case 'exchange_rate':
      return rest === 'new_rate' ? { ok: true } : { ok: false, reason: 'join crashed' };
    default:
      return { ok: false, reason: 'unmatched topic' };
  }
}
