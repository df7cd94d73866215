import { describe, expect, it } from 'vitest';
import { wikiLinkAt } from '../../../src/ui/links/wikiLinkAt';

describe('wikiLinkAt', () => {
  const line = 'See [[Beta#Part|the part]] and ![[img.png]] end';
  it('finds the link covering a column, brackets included, and its inner text', () => {
    expect(wikiLinkAt(line, 4)).toEqual({ inner: 'Beta#Part|the part', from: 4, to: 26 });
    expect(wikiLinkAt(line, 10)?.inner).toBe('Beta#Part|the part');
    expect(wikiLinkAt(line, 26)?.inner).toBe('Beta#Part|the part');
    expect(wikiLinkAt(line, 33)?.inner).toBe('img.png');
  });
  it('answers null outside every link and for unclosed brackets', () => {
    expect(wikiLinkAt(line, 2)).toBeNull();
    expect(wikiLinkAt(line, 28)).toBeNull();
    expect(wikiLinkAt('an [[unclosed link', 6)).toBeNull();
  });
});
