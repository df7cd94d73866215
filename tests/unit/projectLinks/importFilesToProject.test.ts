import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fingerprint } from '../tools/fixtures/fingerprint';
import { type FullVault, openFullVault } from '../tools/fixtures/fullVault';

const UI = { caller: { kind: 'ui' as const }, approve: async () => 'once' as const };
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

interface Imported {
  created: { name: string; id: string; title: string; fileType: string }[];
  refused: { name: string; reason: string }[];
  notes: number;
  files: number;
  linked: string[];
}

describe('tasks.importFilesToProject', () => {
  let full: FullVault;
  let projectId: string;
  beforeEach(async () => {
    full = await openFullVault();
    const made = await full.vault.registry.write('tasks.createProject', [{ name: 'Garden' }], UI);
    if (!made.ok) throw new Error(made.error.message);
    projectId = (made.value as { projects: { id: string }[] }).projects[0]!.id;
  });
  afterEach(() => full.close());
  const write = (op: string, ...args: unknown[]) => full.vault.registry.write(op, args, UI);

  it('imports notes and files as notes.importFiles does, links each to the project, refuses per file', async () => {
    const res = await write('tasks.importFilesToProject', projectId, [
      { name: 'Beds.md', content: '# Beds', folder: 'Garden' },
      { name: 'plan.png', content: PNG_1PX, encoding: 'base64' },
      { name: '.hidden.md', content: 'x' },
      { name: 'data.xyz', content: 'x' },
    ]);
    if (!res.ok) throw new Error(res.error.message);
    const out = res.value as Imported;
    expect(out).toMatchObject({
      notes: 1,
      files: 1,
      created: [
        { name: 'Garden/Beds.md', title: 'Beds', fileType: 'markdown' },
        { name: 'plan.png', fileType: 'image' },
      ],
      refused: [{ name: '.hidden.md' }, { name: 'data.xyz' }],
    });
    expect(out.linked).toHaveLength(2);
    const listed = await full.vault.registry.read('tasks.listProjectLinks', [projectId], UI);
    if (!listed.ok) throw new Error(listed.error.message);
    const links = (listed.value as { links: { itemType: string; itemId: string }[] }).links;
    expect(links.map((l) => [l.itemType, l.itemId]).sort()).toEqual(
      [
        ['file', out.created[1]!.id],
        ['note', out.created[0]!.id],
      ].sort(),
    );
    expect((listed.value as { linked_counts: unknown }).linked_counts).toEqual({
      notes: 1,
      files: 1,
      events: 0,
    });
  });

  it('refuses a missing project and bad files before writing anything', async () => {
    const databases = [full.vault.services.db, full.meta];
    const before = await fingerprint(databases);
    const cases: [unknown[], string, string][] = [
      [['nope', [{ name: 'a.md', content: 'x' }]], 'NOT_FOUND', 'projectId'],
      [[projectId, []], 'VALIDATION', 'args[1]'],
      [
        [projectId, [{ name: 'a.png', content: 'not base64!', encoding: 'base64' }]],
        'VALIDATION',
        'args[1][0].content',
      ],
      [
        [
          projectId,
          [
            { name: 'a.md', content: '1' },
            { name: 'a.md', content: '2' },
          ],
        ],
        'VALIDATION',
        'args[1][1].name',
      ],
    ];
    for (const [args, code, field] of cases) {
      const res = await write('tasks.importFilesToProject', ...args);
      expect(res.ok ? 'accepted' : [res.error.code, res.error.field]).toEqual([code, field]);
    }
    expect(await fingerprint(databases)).toEqual(before);
  });
});
