/** The default project: always present, id `inbox`, named Inbox (spec 2.4); never deleted. */
export const INBOX_ID = 'inbox';
export const INBOX_NAME = 'Inbox';
