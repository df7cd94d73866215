import { describe, expect, it } from 'vitest';
import { type ClientsLike, pickWindow, type WindowLike } from '../../../src/sw/mcp/pickWindow';

const win = (id: string, focused = false, type = 'window'): WindowLike => ({
  id,
  type,
  focused,
  postMessage: () => {},
});

function clients(all: WindowLike[]): ClientsLike {
  return {
    get: async (id) => all.find((c) => c.id === id),
    matchAll: async () => all.filter((c) => c.type === 'window'),
  };
}

describe('pickWindow', () => {
  it('routes to the window that made the request', async () => {
    const all = [win('a', true), win('b')];
    expect((await pickWindow(clients(all), 'b'))?.id).toBe('b');
  });

  it('falls back to the focused window for a worker client or no client id', async () => {
    const all = [win('w', false, 'worker'), win('a'), win('b', true)];
    expect((await pickWindow(clients(all), 'w'))?.id).toBe('b');
    expect((await pickWindow(clients(all), ''))?.id).toBe('b');
  });

  it('takes the first (most recently focused) window when none is focused, null when none is open', async () => {
    expect((await pickWindow(clients([win('a'), win('b')]), ''))?.id).toBe('a');
    expect(await pickWindow(clients([]), '')).toBeNull();
  });
});
