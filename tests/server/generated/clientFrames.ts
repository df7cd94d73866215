import fc from 'fast-check';
import { PushItem } from '../../../src/sync/protocol/push';
import { SOCKET_CLIENT_MESSAGE_MAX_BYTES, type SocketFrame } from '../../../src/sync/protocol/socket';
import { hostileString, hostileValue, rawJson } from './hostile';
import { brokenOf, validOf } from './schemaArbitrary';
import { type FuzzSocket, rawFrame } from './socketClient';

/**
 * Generated client frames for `/sync/socket` (issue 18 part 4). The protocol has ONE client frame,
 * the text `ping` (docs/protocol.md "Sockets"); everything else here is what a broken or hostile
 * client could send instead, each kind with the answer docs/protocol.md decides for it.
 */
export type ClientFrame =
  /** the protocol's keep-alive: answered `pong`, the socket stays open */
  | { kind: 'ping' }
  /** RFC 6455's own ping (a control frame): answered by a pong control frame, the socket stays open */
  | { kind: 'control ping'; payload: Uint8Array }
  /** any other text message (JSON shaped like a server frame or a push, hostile text): closed 1008 */
  | { kind: 'text'; what: string; text: string }
  /** a text message in several frames (fragmentation is the transport's: judged as its whole text) */
  | { kind: 'fragmented'; parts: string[] }
  /** a text frame whose bytes are not UTF-8 (the runtime reads them as U+FFFD): closed 1008 */
  | { kind: 'bad utf-8'; bytes: Uint8Array }
  /** a binary message: closed 1003 */
  | { kind: 'binary'; bytes: Uint8Array }
  /** a message over SOCKET_CLIENT_MESSAGE_MAX_BYTES: closed 1009 */
  | { kind: 'oversize'; bytes: number; binary: boolean }
  /** bytes that break RFC 6455 itself (written under the WebSocket layer): see Violation */
  | ({ kind: 'violation' } & Violation)
  /** the client closes with a code and a reason: the service closes its side, nothing else */
  | { kind: 'close'; code: number; reason: string };

/** Texts that are almost the protocol's `ping`, and are not it. */
const NEAR_PING = ['PING', ' ping', 'ping ', 'ping\n', 'pong', 'pingping', '"ping"', '{"type":"ping"}', ''];

/**
 * Frames shaped like the service's own (a client trying to make the hub fan them out), naming
 * `deviceIds` (another device of the account, another account's device) where a frame names one.
 */
function forgedServerFrame(deviceIds: string[]): fc.Arbitrary<string> {
  const cursor = fc.oneof(fc.nat(), fc.constantFrom(-1, 2 ** 53, 1e308), hostileValue);
  const deviceId = fc.oneof(fc.constantFrom(...deviceIds), hostileString);
  const frame = fc.oneof(
    fc.record({
      type: fc.constant('changes_available'),
      cursor,
      items: fc.array(validOf(PushItem), { minLength: 1, maxLength: 3 }),
      committedAtMs: fc.nat(),
    }),
    fc.record({ type: fc.constant('crdt_updated'), noteId: hostileString, cursor }),
    fc.record({ type: fc.constant('device_revoked'), deviceId }),
    fc.constant({ type: 'connected' } satisfies SocketFrame),
    fc.record({ type: hostileString, cursor }),
  );
  return frame.map(rawJson);
}

/** A push body sent over the socket instead of `POST /sync/push`: valid items, or broken ones. */
const pushOverSocket = fc.oneof(
  fc.array(validOf(PushItem), { minLength: 1, maxLength: 3 }).map((items) => JSON.stringify({ items })),
  brokenOf(PushItem).map((b) => `{"items":[${b.text}]}`),
);

/**
 * A framing violation and what the service does with it (docs/protocol.md "Sockets"):
 * - `'deaf'`: the runtime reports it to the hub, which closes the socket (1002, 1009 for a length
 *   over 32 MiB); local workerd never sends that close frame, so the client's connection stays
 *   open and hears nothing more until it gives up (the client's 31-second silence rule);
 * - close codes: the client sees one of them;
 * - `'pong'`: the runtime takes the frame (an unmasked client frame: workerd does not insist on
 *   the mask), judged by what it carries (`ping`).
 */
export interface Violation {
  what: string;
  bytes: Uint8Array;
  answer: 'deaf' | 'pong' | number[];
}

/** RFC 6455 violations, each a whole frame (the payload 'ping', so only the framing is wrong). */
const PING = new TextEncoder().encode('ping');
const VIOLATION_FRAMES: Omit<Violation, 'answer'>[] = [
  { what: 'reserved data opcode 3', bytes: rawFrame({ opcode: 3, payload: PING }) },
  { what: 'reserved control opcode 0xB', bytes: rawFrame({ opcode: 0xb, payload: PING }) },
  { what: 'RSV1 set, no extension', bytes: rawFrame({ opcode: 1, payload: PING, rsv: 4 }) },
  { what: 'RSV3 set', bytes: rawFrame({ opcode: 1, payload: PING, rsv: 1 }) },
  { what: 'unmasked client frame', bytes: rawFrame({ opcode: 1, payload: PING, masked: false }) },
  { what: 'control frame of 126 bytes', bytes: rawFrame({ opcode: 9, payload: new Uint8Array(126) }) },
  { what: 'fragmented control frame', bytes: rawFrame({ opcode: 9, payload: PING, fin: false }) },
  { what: 'continuation with nothing begun', bytes: rawFrame({ opcode: 0, payload: PING }) },
  {
    what: 'text frame inside a fragmented message',
    bytes: Buffer.concat([
      rawFrame({ opcode: 1, payload: PING, fin: false }),
      rawFrame({ opcode: 1, payload: PING }),
    ]),
  },
  { what: 'declared length 2^40', bytes: rawFrame({ opcode: 1, payload: PING, declaredLength: 2 ** 40 }) },
  { what: 'close frame with a 1-byte body', bytes: rawFrame({ opcode: 8, payload: new Uint8Array([3]) }) },
  {
    what: 'close code 999',
    bytes: rawFrame({ opcode: 8, payload: new Uint8Array([0x03, 0xe7, 0x61]) }),
  },
];
const ANSWERS: Record<string, Violation['answer']> = {
  'unmasked client frame': 'pong',
  // the runtime drops the connection
  'control frame of 126 bytes': [1006],
  // read as a close without a code: answered 1000
  'close frame with a 1-byte body': [1000],
  // a code no close frame may carry: the hub answers 1002
  'close code 999': [1002],
};
export const VIOLATIONS: Violation[] = VIOLATION_FRAMES.map((v) => ({
  ...v,
  answer: ANSWERS[v.what] ?? 'deaf',
}));

/** Every kind of client frame; `deviceIds` for the frames that name a device. */
export function clientFrame(deviceIds: string[]): fc.Arbitrary<ClientFrame> {
  const text = (what: string, arb: fc.Arbitrary<string>) =>
    arb.map((t): ClientFrame => ({ kind: 'text', what, text: t }));
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant<ClientFrame>({ kind: 'ping' }) },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ maxLength: 125 })
        .map((payload): ClientFrame => ({ kind: 'control ping', payload })),
    },
    { weight: 3, arbitrary: text('forged server frame', forgedServerFrame(deviceIds)) },
    { weight: 2, arbitrary: text('push over the socket', pushOverSocket) },
    { weight: 2, arbitrary: text('hostile text', hostileString) },
    { weight: 1, arbitrary: text('near ping', fc.constantFrom(...NEAR_PING)) },
    { weight: 1, arbitrary: text('hostile JSON', hostileValue.map(rawJson)) },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.constant('ping'),
          hostileString.filter((s) => s.length >= 2 && s.length < 5000),
        )
        .chain((s) => fc.nat({ max: s.length - 1 }).map((cut) => [s.slice(0, cut), s.slice(cut)]))
        .map((parts): ClientFrame => ({ kind: 'fragmented', parts })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.uint8Array({ maxLength: 32 }),
          fc.constantFrom([0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82]),
        )
        .map(([pre, bad]): ClientFrame => ({ kind: 'bad utf-8', bytes: Uint8Array.from([...pre, ...bad]) })),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(fc.uint8Array({ maxLength: 4096 }), fc.constant(PING), fc.constant(new Uint8Array(0)))
        .map((bytes): ClientFrame => ({ kind: 'binary', bytes })),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({
          bytes: fc.integer({
            min: SOCKET_CLIENT_MESSAGE_MAX_BYTES + 1,
            max: SOCKET_CLIENT_MESSAGE_MAX_BYTES + 65_536,
          }),
          binary: fc.boolean(),
        })
        .map((o): ClientFrame => ({ kind: 'oversize', ...o })),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(...VIOLATIONS).map((v): ClientFrame => ({ kind: 'violation', ...v })),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({
          code: fc.oneof(
            fc.constantFrom(1000, 1001, 1003, 1008, 1011, 4001),
            fc.integer({ min: 3000, max: 4999 }),
          ),
          // at most 123 bytes of UTF-8 (RFC 6455): 30 characters of up to 4 bytes
          reason: fc.string({ unit: 'grapheme', maxLength: 30 }).filter((s) => Buffer.byteLength(s) <= 123),
        })
        .map((o): ClientFrame => ({ kind: 'close', ...o })),
    },
  );
}

/** A short description of a frame for a failure message (never a 300 KB string). */
export function describeFrame(f: ClientFrame): string {
  switch (f.kind) {
    case 'text':
      return `text (${f.what}) ${JSON.stringify(f.text.slice(0, 120))}${f.text.length > 120 ? `… ${f.text.length} chars` : ''}`;
    case 'fragmented':
      return `fragmented ${JSON.stringify(f.parts.map((p) => p.slice(0, 40)))}`;
    case 'oversize':
      return `oversize ${f.binary ? 'binary' : 'text'} ${f.bytes} bytes`;
    case 'violation':
      return `violation: ${f.what}`;
    case 'close':
      return `close ${f.code} ${JSON.stringify(f.reason)}`;
    case 'binary':
    case 'bad utf-8':
    case 'control ping':
      return `${f.kind} ${Buffer.from('bytes' in f ? f.bytes : f.payload)
        .toString('hex')
        .slice(0, 80)}`;
    default:
      return f.kind;
  }
}

/**
 * What docs/protocol.md ("Sockets") gives each kind of frame: null, the socket stays open and
 * answers; close codes; 'deaf', a framing violation the runtime never answers (see Violation).
 */
export function answerFor(f: ClientFrame): number[] | 'deaf' | null {
  const refusal = (bytes: number, binary: boolean) =>
    bytes > SOCKET_CLIENT_MESSAGE_MAX_BYTES ? [1009] : binary ? [1003] : [1008];
  switch (f.kind) {
    case 'ping':
    case 'control ping':
      return null;
    case 'fragmented':
      return f.parts.join('') === 'ping' ? null : refusal(Buffer.byteLength(f.parts.join('')), false);
    case 'text':
      return refusal(Buffer.byteLength(f.text), false);
    case 'bad utf-8':
      // read with U+FFFD for each bad sequence: text that is not `ping`
      return refusal(Buffer.byteLength(new TextDecoder().decode(f.bytes)), false);
    case 'binary':
      return refusal(f.bytes.length, true);
    case 'oversize':
      return [1009];
    case 'violation':
      return f.answer === 'pong' ? null : f.answer;
    case 'close':
      return [f.code];
  }
}

/** Sends one generated frame; resolves once a frame that keeps the socket open was answered. */
export async function sendFrame(s: FuzzSocket, f: ClientFrame): Promise<void> {
  const pongs = s.texts.filter((t) => t === 'pong').length;
  switch (f.kind) {
    case 'ping':
      s.ws.send('ping');
      return s.waitFor('pong', pongs + 1);
    case 'control ping':
      await new Promise<void>((resolve, reject) => {
        s.ws.once('pong', () => resolve());
        s.closed.then((c) => reject(new Error(`closed (${c}) before the control pong`)));
        s.ws.ping(f.payload);
      });
      return;
    case 'text':
      s.ws.send(f.text);
      return;
    case 'fragmented':
      s.ws.send(f.parts[0] as string, { fin: false });
      s.ws.send(f.parts[1] as string, { fin: true });
      if (f.parts.join('') === 'ping') return s.waitFor('pong', pongs + 1);
      return;
    case 'bad utf-8':
      s.ws.send(Buffer.from(f.bytes), { binary: false });
      return;
    case 'binary':
      s.ws.send(Buffer.from(f.bytes), { binary: true });
      return;
    case 'oversize':
      s.ws.send(Buffer.alloc(f.bytes, 0x61), { binary: f.binary });
      return;
    case 'violation':
      s.raw(f.bytes);
      if (f.answer === 'pong') return s.waitFor('pong', pongs + 1);
      return;
    case 'close':
      s.ws.close(f.code, f.reason);
      return;
  }
}
