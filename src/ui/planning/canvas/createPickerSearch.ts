import { createSignal } from 'solid-js';
import type { OpResult } from '../shared/callOp';

/**
 * The search box of a canvas picker: what is typed, what it found and the line under the list
 * ("Loading…", "Nothing matches.", or the operation's refusal). Each keystroke runs `find`; an
 * answer to an older query than the one now typed is dropped, so a slow answer never replaces a
 * newer one. `empty(q)` words the line when nothing is found for `q`.
 */
export function createPickerSearch<T>(opts: {
  find: (q: string) => Promise<OpResult<T[]>>;
  empty: (q: string) => string;
  /** Run the blank query too (a picker that lists the newest before anything is typed). */
  searchBlank: boolean;
}) {
  const [query, setQuery] = createSignal('');
  const [found, setFound] = createSignal<T[]>([]);
  const [message, setMessage] = createSignal(opts.searchBlank ? 'Loading…' : '');
  async function search(q: string) {
    setQuery(q);
    if (!opts.searchBlank && q.trim() === '') {
      setFound([]);
      setMessage('');
      return;
    }
    const res = await opts.find(q.trim());
    if (query() !== q) return;
    setFound(res.ok ? res.value : []);
    setMessage(res.ok ? (res.value.length === 0 ? opts.empty(q) : '') : res.error.message);
  }
  if (opts.searchBlank) void search('');
  return { query, found, message, search };
}
