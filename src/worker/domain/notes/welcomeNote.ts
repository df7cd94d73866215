/**
 * The note a vault made on this device starts with (issue 19 part 5, docs/editor.md "The welcome
 * note"): a short tour of the writing surface written in it. It is an ordinary note; while it is
 * exactly as made ("untouched") it is not the user's content: it does not make a fresh device ask
 * the binding question, and a device joining an account's vault drops it (that vault brings its
 * own welcome note, or the user deleted it there).
 */
export const WELCOME_TITLE = 'Welcome to Cairn';

export const WELCOME_MARKDOWN = `Cairn keeps your notes and tasks in this browser, works offline, and can sync them, end-to-end encrypted, between your devices. This is an ordinary note: change it, or delete it when you are done. It does not come back.

> [!tip] Try it
> Tick the box below: ticking writes \`[x]\` into the text.

- [ ] Open the command palette with Ctrl+P (Cmd+P on a Mac)

## Write
- **Bold**, *italic*, \`code\` and headings show as they will read; the markdown appears on the line you are editing.
- Type \`[[\` to link a note by its title, like [[Welcome to Cairn#Keys to know]]. A link to a note that does not exist yet, like [[My first note]], makes it when you follow it (Ctrl+click).
- Put \`!\` before a link to show that note, or one section of it, in place; a picture or a PDF dropped into the note shows the same way:

![[Welcome to Cairn#Keys to know]]

## Keys to know
Ctrl+O opens any note by its title, Ctrl+K searches every note, and Escape then Tab leaves the editor.
`;

/** Whether a note is the welcome note exactly as made. */
export function isUntouchedWelcome(
  note: { title: string; folderPath: string },
  markdown: string | undefined,
) {
  return note.title === WELCOME_TITLE && note.folderPath === '' && markdown === WELCOME_MARKDOWN;
}
