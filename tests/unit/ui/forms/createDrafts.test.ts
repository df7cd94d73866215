import { createRenderEffect, createRoot, createSignal } from 'solid-js';
import { describe, expect, it, vi } from 'vitest';
import { createDrafts } from '../../../../src/ui/forms/createDrafts';

// Node resolves solid-js to its server build, where effects never run: use the browser build.
vi.mock('solid-js', () => vi.importActual('solid-js/dist/solid.js'));
vi.mock('solid-js/store', () => vi.importActual('solid-js/store/dist/store.js'));

/** A control bound like `value={drafts.value('title', stored)}`: what it shows, and how often it is written. */
function boundControl() {
  return createRoot((dispose) => {
    const [stored, setStored] = createSignal('Stored');
    const drafts = createDrafts();
    const control = { value: '', writes: 0 };
    createRenderEffect(() => {
      control.value = drafts.value('title', stored);
      control.writes++;
    });
    return { stored, setStored, drafts, control, dispose };
  });
}

describe('createDrafts', () => {
  it('follows the stored value while untouched', () => {
    const { setStored, control, drafts, dispose } = boundControl();
    expect(control.value).toBe('Stored');
    setStored('Changed elsewhere');
    expect(control.value).toBe('Changed elsewhere');
    expect(drafts.touched('title')).toBe(false);
    dispose();
  });

  it('keeps what is typed over any change of the stored value, and is not written again by it', () => {
    const { setStored, control, drafts, dispose } = boundControl();
    drafts.input('title', 'Typed');
    const writes = control.writes;
    setStored('Changed elsewhere');
    setStored('Again');
    expect(control.value).toBe('Typed');
    expect(control.writes).toBe(writes);
    expect(drafts.touched('title')).toBe(true);
    dispose();
  });

  it('cancel shows the stored value again', () => {
    const { setStored, control, drafts, dispose } = boundControl();
    drafts.input('title', 'Typed');
    setStored('Changed elsewhere');
    drafts.reset();
    expect(control.value).toBe('Changed elsewhere');
    dispose();
  });

  it('after a save, shows the typed text until the re-read lands, then follows the stored value', () => {
    const { setStored, control, drafts, dispose } = boundControl();
    drafts.input('title', 'Typed');
    drafts.saved('title', 'Stored');
    setStored('Stored'); // a re-read older than the save: nothing moves
    expect(control.value).toBe('Typed');
    setStored('Typed'); // the save's re-read
    expect(control.value).toBe('Typed');
    setStored('Later edit');
    expect(control.value).toBe('Later edit');
    expect(drafts.touched('title')).toBe(false);
    dispose();
  });

  it('typing again after a save is kept like the first typing', () => {
    const { setStored, control, drafts, dispose } = boundControl();
    drafts.input('title', 'Typed');
    drafts.saved('title', 'Stored');
    setStored('Typed');
    drafts.input('title', 'Typed again');
    expect(control.value).toBe('Typed again');
    setStored('Changed elsewhere');
    expect(control.value).toBe('Typed again');
    dispose();
  });

  it('a save whose re-read already landed drops the draft at once', () => {
    const { setStored, control, drafts, dispose } = boundControl();
    drafts.input('title', 'Typed');
    setStored('Typed');
    drafts.saved('title', 'Typed');
    setStored('Later edit');
    expect(control.value).toBe('Later edit');
    dispose();
  });

  it('takes the typing of any named control of a form', () => {
    const { setStored, control, drafts, dispose } = boundControl();
    const input = { name: 'title', value: 'From the form' };
    drafts.onFormInput({ target: input } as unknown as InputEvent);
    drafts.onFormInput({ target: { name: '', value: 'unnamed' } } as unknown as InputEvent);
    setStored('Changed elsewhere');
    expect(control.value).toBe('From the form');
    dispose();
  });
});
