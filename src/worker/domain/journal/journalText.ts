const TAG = /(?:^|[\s(])#([\p{L}\p{N}_][\p{L}\p{N}_/-]*)/gu;
const CODE = /```[\s\S]*?```|`[^`\n]*`/g;

/** The `#tags` of a journal body (outside code), lower-cased, first occurrence order. */
export function journalTags(markdown: string): string[] {
  const text = markdown.replace(CODE, ' ');
  const seen = new Set<string>();
  for (const m of text.matchAll(TAG)) seen.add(m[1]!.toLowerCase());
  return [...seen];
}

/** Words of a body: runs of letters or digits, so punctuation and markdown marks do not count. */
export function wordCount(markdown: string): number {
  return markdown.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}
