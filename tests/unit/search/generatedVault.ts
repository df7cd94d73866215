import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DocText, SearchDoc, TextSource } from '../../../src/worker/search/searchTypes';

/**
 * A deterministic generated vault for search tests and the bench: English words drawn with a
 * Zipf-like law from the Obsidian Help fixture's own vocabulary, plus a long tail of made-up
 * words (names, codes) so the dictionary grows the way a real vault's does. Notes are about
 * `noteBytes` of markdown with headings, lists, wiki links and tags; `pdfFiles` filed PDFs carry
 * `pagesPerPdf` pages of extracted text each.
 */
export interface GeneratedVaultOptions {
  notes: number;
  noteBytes?: number;
  pdfFiles?: number;
  pagesPerPdf?: number;
  seed?: number;
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let cachedWords: string[] | null = null;

/** The fixture's words, most frequent first. */
export function fixtureWords(): string[] {
  if (cachedWords) return cachedWords;
  const counts = new Map<string, number>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith('.md')) {
        for (const w of readFileSync(full, 'utf8').match(/[A-Za-z]{2,}/g) ?? []) {
          const lw = w.toLowerCase();
          counts.set(lw, (counts.get(lw) ?? 0) + 1);
        }
      }
    }
  };
  walk('/work/shared/fixtures/obsidian-help-en');
  cachedWords = [...counts].sort((a, b) => b[1] - a[1]).map(([w]) => w);
  return cachedWords;
}

export function generateVault(options: GeneratedVaultOptions): SearchDoc[] {
  const rand = mulberry32(options.seed ?? 42);
  const words = fixtureWords();
  const syllables = [
    'ka',
    'lo',
    'mer',
    'tin',
    'sa',
    'vor',
    'el',
    'qui',
    'dra',
    'pon',
    'ux',
    'be',
    'ris',
    'tor',
    'na',
  ];
  const tail = Array.from({ length: 30_000 }, (_, i) => {
    let w = '';
    let n = i + 7;
    do {
      w += syllables[n % syllables.length];
      n = Math.floor(n / syllables.length);
    } while (n > 0);
    return w;
  });
  const word = () => {
    if (rand() < 0.06) return tail[Math.floor(rand() ** 2 * tail.length)] ?? 'x';
    return words[Math.floor(rand() ** 3 * words.length)] ?? 'x';
  };
  const phrase = (n: number) => Array.from({ length: n }, word).join(' ');
  const folders = Array.from({ length: 100 }, (_, i) => `Area ${i % 10}/Topic ${i}`);
  const titles: string[] = [];
  const docs: SearchDoc[] = [];
  const size = options.noteBytes ?? 2000;
  for (let i = 0; i < options.notes; i++) {
    const title = `${cap(phrase(2 + Math.floor(rand() * 3)))} ${i}`;
    titles.push(title);
    let body = '';
    while (body.length < size) {
      const r = rand();
      if (r < 0.08) body += `## ${cap(phrase(3))}\n\n`;
      else if (r < 0.2) body += `- ${cap(phrase(6))} [[${titles[Math.floor(rand() * titles.length)]}]]\n`;
      else if (r < 0.25) body += `#${word()} #project/${word()}\n`;
      else body += `${cap(phrase(12 + Math.floor(rand() * 20)))}. ${cap(phrase(8))} <b>&</b>.\n\n`;
    }
    docs.push({
      id: `note-${i}`,
      title,
      folder_path: folders[i % folders.length] ?? '',
      file_type: 'markdown',
      body,
    });
  }
  for (let p = 0; p < (options.pdfFiles ?? 0); p++) {
    const pages = Array.from({ length: options.pagesPerPdf ?? 5 }, () => `${cap(phrase(300))}.`);
    docs.push({
      id: `pdf-${p}`,
      title: `Report ${p}`,
      folder_path: 'Files',
      file_type: 'pdf',
      body: '',
      extra: pages,
    });
  }
  return docs;
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A TextSource over documents kept in memory, as the worker's note table would serve them. */
export function memoryTexts(docs: Iterable<SearchDoc>): TextSource & { set(doc: SearchDoc): void } {
  const map = new Map<string, DocText>();
  const set = (d: SearchDoc) => map.set(d.id, { body: d.body, extra: [...(d.extra ?? [])] });
  for (const d of docs) set(d);
  return {
    set,
    async getTexts(ids) {
      const out = new Map<string, DocText>();
      for (const id of ids) {
        const t = map.get(id);
        if (t) out.set(id, t);
      }
      return out;
    },
  };
}
