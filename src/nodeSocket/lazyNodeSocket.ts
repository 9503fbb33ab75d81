import type { RawData } from 'ws';
import type { LiveChain } from '../live/liveChain.js';
import { MAX_BODY_BYTES } from '../rpc/envelope.js';
import type { Connection, SocketRoute } from '../websocket/upgrades.js';
import type { NodeSocket } from './nodeSocket.js';

/** Where the node's websocket is served: the same path as its HTTP endpoint, as nodes serve both on one port. */
export const NODE_SOCKET_PATH = '/rpc';

/**
 * The node's websocket, its code (the node's formats, the protocol, the signing library) loaded on
 * the first connection, so a server whose node socket nobody opens starts without it. Frames a
 * client sends while it loads are kept and handed over in order; a client gone by then is dropped.
 */
export function lazyNodeSocket(live: LiveChain, seed: string): NodeSocket {
  let made: NodeSocket | undefined;
  let loading: Promise<NodeSocket> | undefined;
  let closed = false;
  const load = () =>
    (loading ??= import('./nodeSocket.js').then(({ createNodeSocket }) => {
      made = createNodeSocket(live, seed);
      if (closed) made.close();
      return made;
    }));
  const route: SocketRoute = {
    maxFrameBytes: MAX_BODY_BYTES,
    accept(connection: Connection) {
      if (made) return made.route.accept(connection);
      const early: RawData[] = [];
      const keep = (data: RawData) => early.push(data);
      connection.socket.on('message', keep);
      load().then(
        (socket) => {
          connection.socket.off('message', keep);
          if (closed || connection.socket.readyState !== connection.socket.OPEN) return;
          socket.route.accept(connection);
          for (const data of early) connection.socket.emit('message', data, false);
        },
        (error: unknown) => {
          console.error('explorer-mock: the node socket failed to load:', error);
          connection.socket.close(1011, 'internal error');
        },
      );
    },
  };
  return {
    route,
    clients: () => made?.clients() ?? 0,
    close() {
      closed = true;
      made?.close();
    },
  };
}
