/**
 * A small typed in-process event bus, one per server (built at start, held by its AppContext).
 * Library events such as "resource ready" are emitted here; skill triggers subscribe. Listeners run after the
 * emitter's work is committed, one at a time; a failing listener is logged and never breaks the
 * emitter or the other listeners.
 */

export interface AppEvents {
  /** A resource finished parsing and indexing (indexStatus became `finish`). */
  'resource.ready': {
    uid: string;
    resourceId: string;
    title: string;
    /** How many times it has become ready (1 the first time): tells one transition from another. */
    finishCount: number;
  };
  /** Share rows were deleted with the entities they published (after the deletion committed). */
  'shares.removed': { shareIds: string[] };
}

export type EventName = keyof AppEvents;
export type Listener<E extends EventName> = (payload: AppEvents[E]) => void | Promise<void>;

export interface EventBus {
  /** Subscribes; answers the function that unsubscribes. */
  on<E extends EventName>(name: E, listener: Listener<E>): () => void;
  /** Calls every listener; resolves when all have run (tests may await it, emitters need not). */
  emit<E extends EventName>(name: E, payload: AppEvents[E]): Promise<void>;
}

interface EventLogger {
  warn(obj: object, msg?: string): void;
}

export function createEventBus(log: EventLogger): EventBus {
  const listeners = new Map<EventName, Set<Listener<EventName>>>();
  return {
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      set.add(listener as Listener<EventName>);
      listeners.set(name, set);
      return () => set.delete(listener as Listener<EventName>);
    },
    async emit(name, payload) {
      for (const listener of [...(listeners.get(name) ?? [])]) {
        try {
          await listener(payload);
        } catch (err) {
          log.warn({ err, event: name }, 'event listener failed');
        }
      }
    },
  };
}
