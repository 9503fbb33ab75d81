/** One message the explorer broadcasts: to a topic, an event and its payload (as JSON: pieces are the views' own). */
export interface Broadcast {
  readonly topic: string;
  readonly event: string;
  readonly payloadJson: string;
}

/** Who listens: to a topic, and to any topic under a prefix (`addresses`, `tokens`). */
export interface Listeners {
  listening(topic: string): boolean;
  listeningUnder(prefix: string): boolean;
}
