import { createRoot } from 'solid-js';
import { describe, expect, it, vi } from 'vitest';
import { createSaveState } from '../../../../src/ui/forms/createSaveState';

vi.mock('solid-js', () => vi.importActual('solid-js/dist/solid.js'));

/** A write the test answers when it wants: true (committed), false (refused) or a throw. */
function pendingWrite() {
  let answer!: (committed: boolean) => void;
  let fail!: (e: Error) => void;
  const promise = new Promise<boolean>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { write: () => promise, answer, fail };
}

const make = () => createRoot(() => createSaveState());

describe('createSaveState', () => {
  it('says Saving… while the write runs and Saved once it committed', async () => {
    const s = make();
    const w = pendingWrite();
    const done = s.track(w.write);
    expect(s.state()).toBe('saving');
    w.answer(true);
    expect(await done).toBe(true);
    expect(s.state()).toBe('saved');
  });

  it('says nothing after a refusal or a throw, which the caller sees', async () => {
    const s = make();
    const refused = pendingWrite();
    const first = s.track(refused.write);
    refused.answer(false);
    expect(await first).toBe(false);
    expect(s.state()).toBe('idle');

    const broken = pendingWrite();
    const second = s.track(broken.write);
    broken.fail(new Error('worker gone'));
    await expect(second).rejects.toThrow('worker gone');
    expect(s.state()).toBe('idle');
  });

  it('lets only the latest save speak: an earlier one answering late leaves it Saving…', async () => {
    const s = make();
    const early = pendingWrite();
    const late = pendingWrite();
    const a = s.track(early.write);
    const b = s.track(late.write);
    early.answer(true);
    await a;
    expect(s.state()).toBe('saving');
    late.answer(false);
    await b;
    expect(s.state()).toBe('idle');
  });

  it('drops Saved once the form is typed in again, and only Saved', async () => {
    const s = make();
    const w = pendingWrite();
    const done = s.track(w.write);
    s.edited();
    expect(s.state()).toBe('saving');
    w.answer(true);
    await done;
    s.edited();
    expect(s.state()).toBe('idle');
  });
});
