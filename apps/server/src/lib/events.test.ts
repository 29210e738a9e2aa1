import { describe, expect, it, vi } from 'vitest';
import { createEventBus } from './events.js';

describe('event bus', () => {
  it('delivers typed payloads, isolates failing listeners and unsubscribes', async () => {
    const warn = vi.fn();
    const bus = createEventBus({ warn });
    const seen: string[] = [];
    bus.on('resource.ready', () => {
      throw new Error('boom');
    });
    const off = bus.on('resource.ready', (e) => {
      seen.push(e.resourceId);
    });
    await bus.emit('resource.ready', { uid: 'u-1', resourceId: 'r-1', title: 't', finishCount: 1 });
    off();
    await bus.emit('resource.ready', { uid: 'u-1', resourceId: 'r-2', title: 't', finishCount: 1 });
    expect(seen).toEqual(['r-1']);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
