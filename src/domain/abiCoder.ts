import type { Abi, AbiEvent, AbiFunction, AbiParameter } from 'abitype';
import * as AbiEvents from 'ox/AbiEvent';
import * as AbiParameters from 'ox/AbiParameters';
import * as Address from 'ox/Address';
import * as AbiFunctions from 'ox/AbiFunction';
import type { Call, ContractKind, RawLog } from '../chain/types.js';
import { abiOf } from '../../generators/contracts/abiOf.js';

/** The ABI entry of a call's method (`abi`: the callee's own code's, for a `custom` call). */
export function functionOf(call: Call, abi: Abi = abiOf(call.contractKind)): AbiFunction {
  const item = abi.find(
    (x): x is AbiFunction =>
      x.type === 'function' &&
      (call.selector
        ? functionSelector(x) === call.selector
        : x.name === call.functionName && x.inputs.length === call.args.length),
  );
  if (!item) throw new Error(`the ${call.contractKind} ABI has no ${call.functionName}/${call.args.length}`);
  return item;
}

/** The call's input: the 4-byte selector and the ABI-encoded arguments. */
export function callData(call: Call, abi?: Abi): `0x${string}` {
  return AbiFunctions.encodeData(functionOf(call, abi), call.args as never);
}

const SELECTORS = new WeakMap<AbiFunction, `0x${string}`>();

/** A function's 4-byte selector (hashed once per ABI entry). */
export function functionSelector(fn: AbiFunction): `0x${string}` {
  let selector = SELECTORS.get(fn);
  if (!selector) SELECTORS.set(fn, (selector = AbiFunctions.getSelector(fn)));
  return selector;
}

/** The call's 4-byte selector, without encoding its arguments. */
export const callSelector = (call: Call, abi?: Abi): `0x${string}` => functionSelector(functionOf(call, abi));

/** A decoded value in JSON terms: scalars as text, arrays and tuples as arrays of their parts (a tuple's in component order). */
function jsonValue(parameter: AbiParameter, value: unknown): unknown {
  if (parameter.type.endsWith(']')) {
    const inner = { ...parameter, type: parameter.type.slice(0, parameter.type.lastIndexOf('[')) };
    return (value as unknown[]).map((v) => jsonValue(inner, v));
  }
  if (parameter.type === 'tuple') {
    const components = (parameter as { components: readonly AbiParameter[] }).components;
    return components.map((c, i) =>
      jsonValue(c, Array.isArray(value) ? value[i] : (value as Record<string, unknown>)[c.name ?? String(i)]),
    );
  }
  if (parameter.type === 'address') return Address.checksum(value as string);
  return String(value);
}

/** A decoded value as the explorer prints it: every value a string, arrays and tuples as JSON text. */
function printValue(parameter: AbiParameter, value: unknown): string {
  const json = jsonValue(parameter, value);
  return typeof json === 'string' ? json : JSON.stringify(json);
}

const METHOD_CALLS = new WeakMap<AbiFunction, string>();

/** A function's signature as the explorers name the method called: `name(type name, …)` (written once per ABI entry). */
function methodCall(fn: AbiFunction): string {
  let text = METHOD_CALLS.get(fn);
  if (text === undefined)
    METHOD_CALLS.set(
      fn,
      (text = `${fn.name}(${fn.inputs.map((p) => `${canonicalType(p)} ${p.name ?? ''}`.trim()).join(', ')})`),
    );
  return text;
}

/** A parameter's type as the explorer writes it (ABI.FunctionSelector.encode_type): a tuple as its components, `(address,uint256,bytes)[]`. */
function canonicalType(p: { readonly type: string; readonly components?: readonly unknown[] }): string {
  if (!p.type.startsWith('tuple')) return p.type;
  const components = (p.components ?? []) as readonly { type: string; components?: readonly unknown[] }[];
  return `(${components.map(canonicalType).join(',')})${p.type.slice('tuple'.length)}`;
}

/** The method a call called, as `name(type name, …)`, without decoding its arguments. */
export const methodCallOf = (call: Call, abi?: Abi): string => methodCall(functionOf(call, abi));

/**
 * A contract's call read back from its input with the contract's ABI: the function whose selector
 * the input starts with (named by its selector, so an overload is told from another of its name and
 * arity), and its arguments; null when no function has it or the arguments do not decode.
 */
export function decodedCall(input: `0x${string}`, abi: Abi): Call | null {
  if (input.length < 10) return null;
  const selector = input.slice(0, 10).toLowerCase();
  const fn = abi.find((x): x is AbiFunction => x.type === 'function' && functionSelector(x) === selector);
  if (!fn) return null;
  let args: readonly unknown[];
  try {
    // ox gives undefined for a selector alone, whatever the function takes.
    args = (AbiFunctions.decodeData(fn, input) as readonly unknown[] | undefined) ?? [];
  } catch {
    return null;
  }
  if (args.length !== fn.inputs.length) return null;
  return { contractKind: 'custom', functionName: fn.name, args, selector: functionSelector(fn) };
}

/** `decoded_input` of a contract call: the signature, the selector and each argument. */
export function decodedInputView(call: Call, abi?: Abi) {
  const fn = functionOf(call, abi);
  return {
    method_call: methodCall(fn),
    method_id: AbiFunctions.getSelector(fn),
    parameters: fn.inputs.map((p, i) => ({ name: p.name ?? '', type: p.type, value: printValue(p, call.args[i]) })),
  };
}

const TOPIC0 = new WeakMap<Abi, Map<string, string>>();

/** The first topic of an event (its selector), by name and argument count, hashed once per ABI. */
export function eventTopic0(
  contractKind: ContractKind,
  name: string,
  argCount: number,
  abi: Abi = abiOf(contractKind),
): string {
  let byName = TOPIC0.get(abi);
  if (!byName) TOPIC0.set(abi, (byName = new Map()));
  const key = `${name}/${argCount}`;
  let topic = byName.get(key);
  if (topic === undefined) {
    const event = abi.find((x): x is AbiEvent => x.type === 'event' && x.name === name && x.inputs.length === argCount);
    if (!event) throw new Error(`the ${contractKind} ABI has no event ${name}/${argCount}`);
    byName.set(key, (topic = AbiEvents.getSelector(event)));
  }
  return topic;
}

const EVENT_SELECTORS = new WeakMap<AbiEvent, string>();

/** An event's selector, its first topic (hashed once per ABI entry). */
export function eventSelector(event: AbiEvent): string {
  let selector = EVENT_SELECTORS.get(event);
  if (!selector) EVENT_SELECTORS.set(event, (selector = AbiEvents.getSelector(event)));
  return selector;
}

/**
 * An event log's topics (four, unused ones null), data, and decoding, from its ABI event and
 * arguments. The decoding (checksummed addresses, printed values) is made when first read: the
 * node's logs and topic filters need only the topics and data.
 */
export function eventLog(
  contractKind: ContractKind,
  name: string,
  args: readonly unknown[],
  abi: Abi = abiOf(contractKind),
) {
  const event = abi.find(
    (x): x is AbiEvent => x.type === 'event' && x.name === name && x.inputs.length === args.length,
  );
  if (!event) throw new Error(`the ${contractKind} ABI has no event ${name}/${args.length}`);
  const topics: (string | null)[] = [eventSelector(event)];
  const dataParameters: AbiParameter[] = [];
  const dataValues: unknown[] = [];
  event.inputs.forEach((p, i) => {
    if (p.indexed) topics.push(AbiParameters.encode([p], [args[i]] as never));
    else {
      dataParameters.push(p);
      dataValues.push(args[i]);
    }
  });
  while (topics.length < 4) topics.push(null);
  let decoded: DecodedEvent | undefined;
  return {
    topics,
    data: dataParameters.length ? AbiParameters.encode(dataParameters, dataValues as never) : '0x',
    get decoded(): DecodedEvent | null {
      return (decoded ??= decodedEvent(event, topics[0]!, args));
    },
  };
}

type DecodedEvent = ReturnType<typeof decodedEvent>;

/** A log's decoding, as the explorer shows it: the event's signature, selector and each argument. */
const decodedEvent = (event: AbiEvent, topic0: string, args: readonly unknown[]) => ({
  method_call: `${event.name}(${event.inputs.map((p) => `${p.type}${p.indexed ? ' indexed' : ''} ${p.name ?? ''}`.trim()).join(', ')})`,
  method_id: topic0.slice(2, 10),
  parameters: event.inputs.map((p, i) => ({
    name: p.name ?? '',
    type: p.type,
    indexed: p.indexed ?? false,
    value: printValue(p, args[i]),
  })),
});

/**
 * A log an executed contract emitted, as emitted: its topics (four, unused ones null), its data,
 * and its decoding where `abi` holds an event of its first topic and the log decodes by it; else,
 * as Blockscout decodes a log its emitter's ABI cannot (`Log.decode`), by the first of
 * `candidates()` (other verified contracts' events of that topic, oldest first) that decodes it.
 */
export function rawEventLog(
  raw: RawLog,
  abi: Abi | null,
  candidates: () => readonly AbiEvent[] = () => [],
): ReturnType<typeof eventLog> {
  const topics: (string | null)[] = [...raw.topics];
  while (topics.length < 4) topics.push(null);
  const event = abi?.find(
    (x): x is AbiEvent => x.type === 'event' && !x.anonymous && eventSelector(x) === raw.topics[0],
  );
  let decoded = event ? decodedRaw(event, raw) : null;
  if (!decoded && raw.topics[0])
    for (const candidate of candidates()) if ((decoded = decodedRaw(candidate, raw))) break;
  return { topics, data: raw.data, decoded };
}

/** A raw log decoded by `event`, or null where it does not decode by it. */
function decodedRaw(event: AbiEvent, raw: RawLog): DecodedEvent | null {
  try {
    const values = AbiEvents.decode(event, { topics: [...raw.topics], data: raw.data }) as
      | Record<string, unknown>
      | unknown[];
    const args = event.inputs.map((p, i) => (Array.isArray(values) ? values[i] : values[p.name ?? String(i)]));
    return decodedEvent(event, raw.topics[0]!, args);
  } catch {
    return null;
  }
}

/** The call `data` makes on a contract of `kind` (its function found by selector), or null when its ABI has none or the data does not decode. */
export function decodeCall(kind: ContractKind, data: `0x${string}`, abi: Abi = abiOf(kind)): Call | null {
  const fn = abi.find(
    (x): x is AbiFunction => x.type === 'function' && data.startsWith(functionSelector(x as AbiFunction)),
  );
  if (!fn) return null;
  try {
    const decoded = AbiFunctions.decodeData(fn, data) as unknown;
    const args = fn.inputs.length === 0 ? [] : fn.inputs.length === 1 ? [decoded] : (decoded as unknown[]);
    return { contractKind: kind, functionName: fn.name, args };
  } catch {
    return null;
  }
}
