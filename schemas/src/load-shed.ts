/*
 * The load shedder of both servers (the platform's, docs/0078; the gateway's, docs/0088). Here
 * because both import it and the gateway may not import the platform (docs/0002); written against
 * the little of Fastify it uses, so this package needs no Fastify.
 */

/** A reply as the shedder sees it: its raw response closes once the answer is sent or the client left. */
type TReply = { raw: { once(event: 'close', listener: () => void): unknown } };

/** How many calls one process works on at once, and how many may wait, for how long (docs/0078). */
export type TLoadLimits = {
  /** Calls worked on at once. */
  maxInFlight: number;
  /** Calls waiting for a free place; past it a call is refused at once. */
  maxQueued: number;
  /** Longest wait for a free place; then the call is refused (busy) without having started. */
  queueWaitMs: number;
};

type TWaiter = { admit: () => void; timer: ReturnType<typeof setTimeout> };

/** What a server that sheds load says and counts (the platform's wps envelope, the gateway's tRPC error: docs/0088). */
export type TShedding<TRequest, TReplyOf extends TReply> = {
  /** True for the calls that take a place; the others pass uncounted. */
  counts: (request: TRequest) => boolean;
  /** Answers busy (503 with Retry-After) before any work. */
  refuse: (reply: TReplyOf) => void;
  /** At most this long in the queue for this call (the platform: never past the gateway's deadline); default `queueWaitMs`. */
  waitMs?: (request: TRequest) => number;
};

/** The shedder: its `onRequest` hook (registered before every route), and its counters. */
export type TLoadShedder<TRequest, TReplyOf extends TReply> = {
  onRequest: (request: TRequest, reply: TReplyOf, done: (error?: Error) => void) => void;
  inFlight: () => number;
  queued: () => number;
};

/**
 * Bounds the calls one process works on (the platform's, docs/0078; the gateway's, docs/0088). Past
 * `maxInFlight` a call waits in a queue, first come first served, at most `queueWaitMs`; past
 * `maxQueued`, or once its wait is over, it is answered busy (`shedding.refuse`) before any work,
 * never held or reset. A place is freed when the answer is sent or the client goes away. Calls
 * `shedding.counts` leaves out never count: a long-poll held open on purpose, and the calls that
 * work already admitted makes to this same process (a game's wallet calls), which would otherwise
 * wait behind their own caller.
 */
export function createLoadShedder<TRequest, TReplyOf extends TReply>(
  limits: TLoadLimits,
  shedding: TShedding<TRequest, TReplyOf>,
): TLoadShedder<TRequest, TReplyOf> {
  let inFlight = 0;
  const queue: TWaiter[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) {
      clearTimeout(next.timer);
      next.admit();
    } else inFlight -= 1;
  };
  const hold = (reply: TReplyOf) => {
    let held = true;
    // 'close' fires once the answer is sent or the connection is gone, whichever comes first.
    reply.raw.once('close', () => {
      if (held) release();
      held = false;
    });
  };
  const onRequest = (request: TRequest, reply: TReplyOf, done: (error?: Error) => void): void => {
    if (!shedding.counts(request)) return done();
    if (inFlight < limits.maxInFlight) {
      inFlight += 1;
      hold(reply);
      return done();
    }
    if (queue.length >= limits.maxQueued) return void shedding.refuse(reply);
    const waiter: TWaiter = {
      // The place of the call that ended passes to this one: inFlight stays as it is.
      admit: () => {
        hold(reply);
        done();
      },
      // Never past the caller's own deadline: a call it gave up on is not worth a place.
      timer: setTimeout(
        () => {
          queue.splice(queue.indexOf(waiter), 1);
          shedding.refuse(reply);
        },
        Math.min(limits.queueWaitMs, shedding.waitMs?.(request) ?? Infinity),
      ),
    };
    queue.push(waiter);
    // A client that leaves while waiting gives its place in the queue up.
    reply.raw.once('close', () => {
      const at = queue.indexOf(waiter);
      if (at < 0) return;
      queue.splice(at, 1);
      clearTimeout(waiter.timer);
    });
  };
  return { onRequest, inFlight: () => inFlight, queued: () => queue.length };
}
