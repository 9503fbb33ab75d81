import { withModules } from '../lazy/lazyModule.js';
import type { LiveChain } from '../live/liveChain.js';
import { MAX_BODY_BYTES } from '../rpc/envelope.js';
import { rpcPendingTransaction } from '../rpc/formats.js';
import { MAX_FILTER_WEIGHT, weightOf } from '../rpc/filterStore.js';
import { arity } from '../rpc/method.js';
import type { ExtraMethods } from '../rpc/node.js';
import { invalidParams, serverError } from '../rpc/rpcError.js';
import {
  blockHearing,
  MAX_SERVER_SUBSCRIPTIONS,
  MAX_SUBSCRIPTIONS,
  notification,
  pendingResults,
  type Subscription,
  subscriptionArg,
  subscriptionId,
} from '../rpc/subscriptions.js';
import type { RpcContext } from '../rpc/context.js';
import { computed, type Steps } from '../lazy/steps.js';
import { runInTurns } from '../rpc/turns.js';
import { type Connection, push, type SocketRoute, textFrame } from '../websocket/upgrades.js';

/** One client: its connection, its subscriptions by id, and its answers in order. */
interface Client {
  readonly connection: Connection;
  readonly subscriptions: Map<string, Subscription>;
  /** Subscriptions made so far (the next id's number). */
  made: number;
  /** What its subscriptions weigh together (`weightOf`). */
  weight: number;
  answering: Promise<void>;
}

export interface NodeSocket {
  readonly route: SocketRoute;
  /** Clients connected now. */
  clients(): number;
  close(): void;
}

/**
 * The node's JSON-RPC over a websocket: every method the HTTP endpoint answers, one request or
 * batch per frame, answered in order, plus `eth_subscribe` / `eth_unsubscribe`. Subscriptions hear
 * each block the live chain mines (`newHeads`, `logs`) and the mempool in front of each new head
 * (`newPendingTransactions`). A subscription id is drawn from the seed and the connection's own
 * count, so what one client sees never depends on another.
 */
export function createNodeSocket(live: LiveChain, seed: string): NodeSocket {
  const clients = new Set<Client>();
  // What every connection's subscriptions count and weigh together.
  const all = { subscriptions: 0, weight: 0 };
  const weightOfSubscription = (subscription: Subscription) =>
    subscription.kind === 'logs' ? weightOf(subscription) : 1;
  const forget = (client: Client, id: string, subscription: Subscription) => {
    client.subscriptions.delete(id);
    const weight = weightOfSubscription(subscription);
    client.weight -= weight;
    all.weight -= weight;
    all.subscriptions--;
  };

  const methodsOf = (client: Client): ExtraMethods => ({
    eth_subscribe(ctx, params) {
      const subscription = subscriptionArg(ctx, params);
      const weight = weightOfSubscription(subscription);
      if (client.subscriptions.size >= MAX_SUBSCRIPTIONS || client.weight + weight > MAX_FILTER_WEIGHT)
        throw serverError(
          `too many subscriptions on this connection: at most ${MAX_SUBSCRIPTIONS}, with ${MAX_FILTER_WEIGHT} addresses and topics in all`,
        );
      if (all.subscriptions >= MAX_SERVER_SUBSCRIPTIONS || all.weight + weight > MAX_FILTER_WEIGHT)
        throw serverError(
          `too many subscriptions on this server: at most ${MAX_SERVER_SUBSCRIPTIONS}, with ${MAX_FILTER_WEIGHT} addresses and topics in all`,
        );
      client.weight += weight;
      all.weight += weight;
      all.subscriptions++;
      const id = subscriptionId(seed, client.made++);
      client.subscriptions.set(id, subscription);
      return id;
    },
    eth_unsubscribe(_ctx, params) {
      arity(params, 1, 1);
      if (typeof params[0] !== 'string')
        throw invalidParams('invalid argument 0: json: cannot unmarshal non-string into Go value of type rpc.ID');
      const subscription = client.subscriptions.get(params[0]);
      if (!subscription) throw serverError('subscription not found');
      forget(client, params[0], subscription);
      return true;
    },
  });

  const send = (client: Client, text: string) => {
    if (!push(client.connection, textFrame(text))) drop(client);
  };
  const drop = (client: Client) => {
    clients.delete(client);
    for (const [id, subscription] of [...client.subscriptions]) forget(client, id, subscription);
  };

  const route: SocketRoute = {
    maxFrameBytes: MAX_BODY_BYTES,
    accept(connection) {
      const client: Client = { connection, subscriptions: new Map(), made: 0, weight: 0, answering: Promise.resolve() };
      const methods = methodsOf(client);
      clients.add(client);
      connection.socket.on('message', (data) => {
        const body = String(data);
        client.answering = client.answering
          .then(() => withModules(() => live.node().answerInTurns(body, methods, connection.writeRefusal)))
          .then(
            (answer) => {
              if (answer !== null) send(client, answer);
            },
            (error: unknown) => {
              console.error('explorer-mock: internal error in the node socket:', error);
              connection.socket.close(1011, 'internal error');
            },
          );
      });
      connection.socket.on('close', () => drop(client));
    },
  };

  /**
   * Block `height`'s notifications, a subscription at a time in turns (other requests are answered
   * meanwhile): each one's computed whole (a module still loading is waited for), then sent.
   */
  function* notify(ctx: RpcContext, height: number): Steps<void> {
    const hear = blockHearing(ctx, height);
    const newest = height === ctx.chain.headHeight;
    const pending = new Map<boolean, readonly string[]>();
    const resultsOf = (subscription: Subscription): readonly string[] => {
      if (subscription.kind !== 'newPendingTransactions') return hear(subscription);
      if (!newest) return [];
      let found = pending.get(subscription.full);
      if (!found) pending.set(subscription.full, (found = pendingResults(ctx, subscription.full)));
      return found;
    };
    for (const client of [...clients])
      for (const [id, subscription] of [...client.subscriptions]) {
        // Unsubscribed, or gone, meanwhile.
        if (!client.subscriptions.has(id)) continue;
        const results = yield* computed(() => resultsOf(subscription));
        for (const result of results) if (clients.has(client)) send(client, notification(id, result));
        yield;
      }
  }

  // Each mined block's notifications, in block order; the mempool's once the newest head is reached.
  let notifying: Promise<void> = Promise.resolve();
  const stopListening = live.onBlock((_chain, height) => {
    if (all.subscriptions === 0) return;
    const app = live.current;
    notifying = notifying
      .then(() => withModules(() => runInTurns(notify(app.rpc(), height))))
      .catch((error: unknown) => console.error('explorer-mock: node subscription failed:', error));
  });

  // A sent transaction, heard as soon as it is accepted (rendered now: under automine it is mined next).
  const stopPending = live.onPending((hash) => {
    if (all.subscriptions === 0) return;
    const listeners = [...clients].flatMap((client) =>
      [...client.subscriptions]
        .filter(([, s]) => s.kind === 'newPendingTransactions')
        .map(([id, s]) => ({ client, id, s })),
    );
    if (!listeners.length) return;
    const app = live.current;
    const rendered = withModules(() => {
      const ctx = app.rpc();
      const found = ctx.mempool()?.find(hash);
      const full = found && rpcPendingTransaction(ctx, found);
      return listeners.map(({ client, id, s }): [Client, string] => [
        client,
        notification(id, JSON.stringify(s.kind === 'newPendingTransactions' && s.full && full ? full : hash)),
      ]);
    });
    notifying = notifying
      .then(() => rendered)
      .then((frames) => {
        for (const [client, frame] of frames) if (clients.has(client)) send(client, frame);
      })
      .catch((error: unknown) => console.error('explorer-mock: node subscription failed:', error));
  });

  return {
    route,
    clients: () => clients.size,
    close() {
      stopListening();
      stopPending();
      for (const client of clients) client.connection.socket.terminate();
      clients.clear();
    },
  };
}
