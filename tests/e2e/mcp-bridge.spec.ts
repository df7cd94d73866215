import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import type { SchemaNode } from '../../src/worker/ops/schema';
import { badInputCases } from '../../src/worker/tools/badInput/badInputCases';
import { tinyPdf } from '../unit/tools/fixtures/testFiles';
import { newNote } from './editor';
import { idsByName, importFiles, openControlled } from './mcpPage';

// The /mcp endpoint of the REAL service worker, called from the page with fetch (so the request
// carries the tab's clientId), the vault worker answering, and the approval dialog clicked.

interface RpcReply {
  status: number;
  headers: Record<string, string>;
  body: { result?: Record<string, unknown>; error?: { code: number; message: string } } | null;
}

// The build machine is shared and often loaded: first paint and the worker can be slow.
test.describe.configure({ timeout: 90_000 });

let nextId = 1;
async function rpc(
  page: Page,
  method: string,
  params?: object,
  init: { headers?: Record<string, string> } = {},
) {
  const message = { jsonrpc: '2.0', id: nextId++, method, ...(params === undefined ? {} : { params }) };
  return page.evaluate(
    async ({ message, headers }) => {
      const res = await fetch('/mcp', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: JSON.stringify(message),
      });
      const text = await res.text();
      return {
        status: res.status,
        headers: Object.fromEntries(res.headers.entries()),
        body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null,
      };
    },
    { message, headers: init.headers ?? {} },
  ) as Promise<RpcReply>;
}

type Driver = 'fetch' | 'sdk';
interface CallResult {
  content: { type: string; text: string }[];
  structuredContent: unknown;
  isError?: boolean;
}

/**
 * The official MCP TypeScript SDK client, bundled for the browser with Vite's build API (a
 * declared dependency) once per worker, so the Streamable HTTP client transport runs IN the page
 * and its requests carry the tab's clientId through the service worker like any agent's.
 */
let sdkBundle: Promise<string> | null = null;
function bundleSdk(): Promise<string> {
  sdkBundle ??= (async () => {
    const { build } = await import('vite');
    const entry = 'virtual:mcp-sdk-entry';
    const out = await build({
      configFile: false,
      logLevel: 'silent',
      plugins: [
        {
          name: 'mcp-sdk-entry',
          resolveId: (id) => (id === entry ? `\0${entry}` : null),
          load: (id) =>
            id === `\0${entry}`
              ? `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
                 import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
                 window.McpSdk = { Client, StreamableHTTPClientTransport };`
              : null,
        },
      ],
      build: {
        write: false,
        minify: false,
        rollupOptions: { input: entry, output: { format: 'iife' } },
      },
    });
    const outputs = (Array.isArray(out) ? out : [out]) as { output: { type: string; code?: string }[] }[];
    const chunk = outputs[0]?.output.find((o) => o.type === 'chunk');
    if (chunk?.code === undefined) throw new Error('the SDK bundle has no chunk');
    return chunk.code;
  })();
  return sdkBundle;
}

async function connectSdk(page: Page) {
  await page.addScriptTag({ content: await bundleSdk() });
  await page.evaluate(async () => {
    const sdk = (
      window as unknown as {
        McpSdk: {
          Client: new (...a: unknown[]) => unknown;
          StreamableHTTPClientTransport: new (u: URL) => unknown;
        };
      }
    ).McpSdk;
    const client = new sdk.Client({ name: 'sdk-e2e', version: '1.0.0' }) as {
      connect(t: unknown): Promise<void>;
    };
    await client.connect(new sdk.StreamableHTTPClientTransport(new URL('/mcp', location.href)));
    (window as unknown as { __mcp: unknown }).__mcp = client;
  });
}

interface SdkClient {
  listTools(): Promise<{ tools: unknown[] }>;
  callTool(p: { name: string; arguments: object }): Promise<CallResult>;
}

async function listTools(page: Page, driver: Driver) {
  if (driver === 'sdk') {
    return page.evaluate(
      async () => (await (window as unknown as { __mcp: SdkClient }).__mcp.listTools()).tools,
    ) as Promise<{ name: string; inputSchema: SchemaNode }[]>;
  }
  const list = await rpc(page, 'tools/list');
  return (list.body?.result?.tools ?? []) as { name: string; inputSchema: SchemaNode }[];
}

async function send(page: Page, driver: Driver, name: string, args: object): Promise<CallResult> {
  if (driver === 'sdk') {
    return page.evaluate(
      ({ name, args }) =>
        (window as unknown as { __mcp: SdkClient }).__mcp.callTool({ name, arguments: args }),
      { name, args },
    );
  }
  const reply = await rpc(page, 'tools/call', { name, arguments: args });
  expect(reply.status).toBe(200);
  return reply.body?.result as unknown as CallResult;
}

/** Calls a tool; when it waits for approval, clicks "Allow for this tab" in the real dialog. */
async function call(page: Page, name: string, args: object, allow = false, driver: Driver = 'fetch') {
  const pending = send(page, driver, name, args);
  if (allow) {
    // An earlier "Allow for this tab" for the same tool answers without a dialog.
    const dialog = page.getByRole('dialog', { name: 'Agent request' });
    const first = await Promise.race([pending.then(() => 'reply'), dialog.waitFor().then(() => 'dialog')]);
    if (first === 'dialog') {
      const tab = dialog.getByRole('button', { name: 'Allow for this tab' });
      await ((await tab.isVisible()) ? tab : dialog.getByRole('button', { name: 'Allow once' })).click();
    }
  }
  const result = await pending;
  // The text part is always the reply itself, as JSON; structuredContent the same object.
  expect(result.content[0]?.type).toBe('text');
  const json = JSON.parse(result.content[0]?.text ?? 'null');
  if (json !== null && typeof json === 'object' && !Array.isArray(json))
    expect(result.structuredContent).toEqual(json);
  return { result, json };
}

test('initialize, ping, notifications and HTTP rules of /mcp', async ({ page }) => {
  await openControlled(page);
  for (const version of ['2025-11-25', '2026-07-28']) {
    const init = await rpc(page, 'initialize', {
      protocolVersion: version,
      capabilities: {},
      clientInfo: { name: 'e2e', version: '1' },
    });
    expect(init.status).toBe(200);
    expect(init.headers['cache-control']).toBe('no-store');
    expect(init.headers['content-type']).toContain('application/json');
    expect(init.headers['mcp-session-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(init.body?.result?.protocolVersion).toBe(version);
    expect(init.body?.result?.serverInfo).toMatchObject({ name: 'cairn' });
  }
  expect((await rpc(page, 'ping')).body?.result).toEqual({});
  const note = await page.evaluate(async () => {
    const res = await fetch('/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    return { status: res.status, body: await res.text(), cache: res.headers.get('cache-control') };
  });
  expect(note).toEqual({ status: 202, body: '', cache: 'no-store' });
  const get = await page.evaluate(async () => {
    const res = await fetch('/mcp');
    return { status: res.status, allow: res.headers.get('allow') };
  });
  expect(get).toEqual({ status: 405, allow: 'POST' });
  const badVersion = await rpc(page, 'ping', undefined, {
    headers: { 'MCP-Protocol-Version': '1999-01-01' },
  });
  expect(badVersion.status).toBe(400);
  expect((await rpc(page, 'no/such')).body?.error?.code).toBe(-32601);
});

for (const driver of ['fetch', 'sdk'] as const) {
  test(`${driver}: every listed tool answers valid arguments on a seeded vault with its reply shape`, async ({
    page,
  }) => {
    await openControlled(page);
    if (driver === 'sdk') await connectSdk(page);
    const tools = await listTools(page, driver);
    const names = tools.map((t) => t.name);
    expect(names.length).toBeGreaterThan(10);

    // Seed through the tools themselves (each write approved in the dialog).
    await call(page, 'vault_create_folder', { path: 'Projects' }, true, driver);
    const created = await call(
      page,
      'vault_create_note',
      {
        title: 'Plan',
        content_markdown: '# Plan\n\nShip the **bridge**.\n',
        folder_path: 'Projects',
        tags: ['work'],
      },
      true,
    );
    const note = created.json as { id: string; body_bytes: number; body_sha256: string; href: string };
    expect(note.id).toEqual(expect.any(String));
    expect(note.body_sha256).toMatch(/^[0-9a-f]{64}$/);
    // The stored body carries the tags as frontmatter, so it is longer than the markdown sent.
    expect(note.body_bytes).toBeGreaterThan(
      new TextEncoder().encode('# Plan\n\nShip the **bridge**.\n').length,
    );
    const task = (await call(page, 'vault_create_task', { title: 'Write tests', priority: 2 }, true, driver))
      .json as {
      id: string;
    };
    expect(task.id).toEqual(expect.any(String));
    const projects = (await call(page, 'vault_list_projects', {}, false, driver)).json as
      | { id: string }[]
      | { projects: { id: string }[] };
    const projectList = Array.isArray(projects) ? projects : projects.projects;
    const projectId = projectList[0]?.id;
    // Planning seeds through the desktop operations (each write approved in the dialog).
    const idOf = (json: unknown) => (json as { id?: string }).id ?? '';
    const desktopWrite = async (operation: string, args: unknown[]) => {
      const { result, json } = await call(page, 'vault_desktop_write', { operation, args }, true, driver);
      expect(result.isError, `${operation}: ${JSON.stringify(json)}`).toBeUndefined();
      return json;
    };
    const canvasId = idOf(await desktopWrite('canvas.create', [{ title: 'Board' }]));
    const inboxId = idOf(await desktopWrite('inbox.captureText', [{ text: 'Remember the milk' }]));
    await desktopWrite('journal.createEntry', [{ date: '2026-03-14', content: 'A good day' }]);
    expect(canvasId).not.toBe('');
    expect(inboxId).not.toBe('');
    // A filed PDF, imported through the real control, for vault_view_file.
    await importFiles(page, [
      { name: 'spec.pdf', mimeType: 'application/pdf', buffer: Buffer.from(tinyPdf(['One', 'Two'])) },
    ]);
    const pdfId = (await idsByName(page))['spec.pdf'] ?? '';
    const elementIds = async () => {
      const { json } = await call(page, 'vault_read_canvas_elements', { id: canvasId }, false, driver);
      return [...JSON.stringify(json).matchAll(/"id":"([^"]+)"/g)]
        .map((m) => m[1] ?? '')
        .filter((id) => id !== canvasId);
    };

    type Args = object | (() => Promise<object>);
    const valid: Record<string, { args: Args; approve?: boolean; check?: (json: unknown) => void }> = {
      vault_search_notes: { args: { query: 'bridge' } },
      vault_read_note: {
        args: { id: note.id },
        check: (j) => expect(JSON.stringify(j)).toContain('Ship the **bridge**'),
      },
      vault_list_folder: {
        args: { path: 'Projects' },
        check: (j) => expect(JSON.stringify(j)).toContain(note.id),
      },
      vault_get_current_note: { args: {}, check: (j) => expect(j).toBeNull() },
      vault_view_file: {
        args: { id: pdfId, page: 2 },
        check: (j) =>
          expect(Object.keys(j as object).sort()).toEqual(
            [
              'id',
              'title',
              'attachment',
              'file',
              'file_type',
              'mime_type',
              'width',
              'height',
              'page',
              'page_count',
              'message',
              'href',
              'source_ref',
              'sources',
            ].sort(),
          ),
      },
      vault_list_tasks: { args: { limit: 10 }, check: (j) => expect(JSON.stringify(j)).toContain(task.id) },
      vault_get_task: {
        args: { id: task.id },
        check: (j) => expect(JSON.stringify(j)).toContain('Write tests'),
      },
      vault_list_projects: { args: {} },
      vault_get_project: { args: { id: projectId ?? 'inbox' } },
      vault_list_statuses: { args: { project_id: projectId ?? 'inbox' } },
      vault_create_note: { args: { title: 'Second', content_markdown: 'x' }, approve: true },
      vault_rename_note: {
        args: { id: note.id, title: 'Plan v2' },
        approve: true,
        check: (j) => expect((j as { title: string }).title).toBe('Plan v2'),
      },
      vault_create_folder: { args: { path: 'Archive' }, approve: true },
      vault_rename_folder: { args: { old_path: 'Archive', new_path: 'Archive 2' }, approve: true },
      vault_delete_folder: { args: { path: 'Archive 2' }, approve: true },
      vault_create_task: { args: { title: 'Another' }, approve: true },
      vault_desktop_describe: {
        args: {},
        check: (j) => expect(Array.isArray(j) || typeof j === 'object').toBe(true),
      },
      vault_desktop_read: { args: { operation: 'notes.get', args: [note.id] } },
      vault_desktop_write: { args: { operation: 'notes.createFolder', args: ['ViaDesktop'] }, approve: true },
      vault_get_journal_entry: {
        args: { date: '2026-03-14' },
        check: (j) => expect(JSON.stringify(j)).toContain('A good day'),
      },
      vault_list_journal_entries: {
        args: { from: '2026-03-01', to: '2026-03-31' },
        check: (j) => expect(JSON.stringify(j)).toContain('2026-03-14'),
      },
      vault_list_inbox_items: { args: {}, check: (j) => expect(JSON.stringify(j)).toContain(inboxId) },
      vault_get_inbox_item: {
        args: { id: inboxId },
        check: (j) => expect(JSON.stringify(j)).toContain('Remember the milk'),
      },
      vault_get_tags: { args: {}, check: (j) => expect(JSON.stringify(j)).toContain('work') },
      vault_list_canvases: { args: {}, check: (j) => expect(JSON.stringify(j)).toContain(canvasId) },
      vault_read_canvas: { args: { id: canvasId } },
      vault_draw_on_canvas: {
        args: {
          canvas: canvasId,
          elements: [{ ref: 'r1', type: 'rectangle', x: 0, y: 0, width: 120, height: 60 }],
        },
        approve: true,
      },
      vault_read_canvas_elements: {
        args: { id: canvasId },
        check: (j) => expect(JSON.stringify(j)).toContain('rectangle'),
      },
      vault_edit_canvas_elements: {
        args: async () => ({ canvas: canvasId, changes: [{ id: (await elementIds())[0] ?? 'none', x: 40 }] }),
        approve: true,
      },
      vault_add_canvas_item: {
        args: { canvas: canvasId, entity_type: 'task', entity_id: task.id, x: 200, y: 0 },
        approve: true,
      },
      vault_delete_note: { args: { id: note.id }, approve: true },
    };
    // A tool added later fails here until it has a valid call in this table.
    expect(names.filter((n) => valid[n] === undefined)).toEqual([]);
    // In the table's order (the delete last), not the catalogue's.
    for (const [name, entry] of Object.entries(valid)) {
      if (!names.includes(name)) continue;
      const args = typeof entry.args === 'function' ? await entry.args() : entry.args;
      const { result, json } = await call(page, name, args, entry.approve === true, driver);
      expect(result.isError, `${name}: ${JSON.stringify(json)}`).toBeUndefined();
      entry.check?.(json);
      // Only vault_view_file adds a part: the picture, after the JSON text.
      expect(result.content.map((c) => c.type)).toEqual(
        name === 'vault_view_file' ? ['text', 'image'] : ['text'],
      );
    }
    // The deleted note is gone: its id now answers NOT_FOUND as an error result.
    const gone = await call(page, 'vault_read_note', { id: note.id }, false, driver);
    expect(gone.result.isError).toBe(true);
    expect((gone.json as { code: string }).code).toBe('NOT_FOUND');
  });
}

test('generated bad input for every tool is refused with VALIDATION naming the field', async ({ page }) => {
  await openControlled(page);
  const list = await rpc(page, 'tools/list');
  const tools = (list.body?.result?.tools ?? []) as { name: string; inputSchema: SchemaNode }[];
  test.setTimeout(120_000);
  const cases = tools.flatMap((tool) =>
    badInputCases(tool.inputSchema, { label: 'arguments', prefixed: false })
      // MCP treats `"arguments": null` as arguments left out (the dispatcher reads it as {}), so
      // that one case is a missing-field refusal over /mcp; the tool host unit tests cover it.
      .filter((bad) => bad.value !== null)
      .map((bad) => ({ tool: tool.name, ...bad })),
  );
  const replies = await page.evaluate(async (all) => {
    const out: unknown[] = [];
    for (const c of all) {
      const res = await fetch('/mcp', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: c.tool, arguments: c.value },
        }),
      });
      out.push((await res.json()).result);
    }
    return out;
  }, cases);
  cases.forEach((c, i) => {
    const result = replies[i] as { isError?: boolean; structuredContent: { code: string; field?: string } };
    expect(result.isError, `${c.tool} ${c.name}`).toBe(true);
    expect(result.structuredContent.code, `${c.tool} ${c.name}`).toBe('VALIDATION');
    expect(result.structuredContent.field, `${c.tool} ${c.name}`).toBe(c.field);
  });
  const count = cases.length;
  expect(count).toBeGreaterThan(50);
  // Nothing was written: no approval was ever asked, the vault has no notes.
  await expect(page.getByRole('dialog', { name: 'Agent request' })).toBeHidden();
  const notes = await call(page, 'vault_list_folder', { recursive: true });
  expect(JSON.stringify(notes.json)).not.toContain('"id"');
});

test('tools/list works offline from the precached document; /mcp/tools.json is served', async ({
  page,
  context,
}) => {
  await openControlled(page);
  const doc = await page.evaluate(async () => (await fetch('/mcp/tools.json')).json());
  expect(doc.endpoint).toBe('/mcp');
  // it carries the app's version and is in the service worker's precache (Workbox keeps it
  // under a revision parameter), so an agent reads it with every tab closed or offline
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8'));
  expect(doc.version).toBe(pkg.version);
  const precached = await page.evaluate(async () => {
    for (const name of await caches.keys()) {
      if (!name.includes('precache')) continue;
      const cache = await caches.open(name);
      if ((await cache.keys()).some((r) => new URL(r.url).pathname === '/mcp/tools.json')) return true;
    }
    return false;
  });
  expect(precached).toBe(true);
  expect(doc.entries.vault_read_note.additionalProperties).toBe(false);
  expect(doc.entries['notes.get']).toBeDefined();
  await context.setOffline(true);
  const list = await rpc(page, 'tools/list');
  expect(((list.body?.result?.tools ?? []) as { name: string }[]).map((t) => t.name)).toContain(
    'vault_read_note',
  );
  // The tab answers while offline too: calls run in its vault worker.
  const read = await call(page, 'vault_list_projects', {});
  expect(read.result.isError).toBeUndefined();
  await context.setOffline(false);
});

// The no-window case (tools/list from the precached document, tools/call refused NO_WINDOW) is
// proved in tests/unit/agent/mcpHttp.test.ts: a page cannot make a request through the service
// worker once no window of the origin is open.

test('WebMCP: every tool registered on document.modelContext when the browser has it', async ({ page }) => {
  await openControlled(page);
  const has = await page.evaluate(() => 'modelContext' in document);
  test.skip(!has, 'this Chromium has no document.modelContext (WebMCP flag unavailable)');
  await expect(page.locator('html[data-webmcp-tools]')).toBeAttached();
  const registered = Number(await page.locator('html').getAttribute('data-webmcp-tools'));
  const list = await rpc(page, 'tools/list');
  expect(registered).toBe(((list.body?.result?.tools ?? []) as unknown[]).length);
});

test('a vault switch: window.cairnAgent and the WebMCP tools answer from the new vault, each tool registered once', async ({
  page,
}) => {
  await openControlled(page);
  const has = await page.evaluate(() => 'modelContext' in document);
  test.skip(!has, 'this Chromium has no document.modelContext (WebMCP flag unavailable)');
  await expect(page.locator('html[data-webmcp-tools]')).toBeAttached();
  const names = async () => (await page.webmcp.tools()).map((t) => t.name);
  const before = await names();
  expect(new Set(before).size).toBe(before.length);
  expect(before).toContain('vault_list_folder');
  await newNote(page, 'Home note');
  const folder = async () =>
    JSON.stringify(await page.webmcp.callTool('vault_list_folder', { recursive: true }));
  await expect.poll(folder).toContain('Home note');

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const vaults = page.getByRole('region', { name: 'Vaults' });
  await vaults.getByRole('textbox', { name: 'New vault name' }).fill('Work');
  await vaults.getByRole('button', { name: 'Create vault' }).click();
  await expect(page.getByTestId('vault-name')).toHaveText('Work');
  await newNote(page, 'Work note');
  // window.cairnAgent, installed once and frozen, follows the switch as well
  const pageAgentFolder = () =>
    page.evaluate(async () =>
      JSON.stringify(await window.cairnAgent?.callTool('vault_list_folder', { recursive: true })),
    );
  await expect.poll(pageAgentFolder).toContain('Work note');
  expect(await pageAgentFolder()).not.toContain('Home note');
  // The browser's tools now run in the new vault: its note, not the old one's.
  await expect.poll(folder).toContain('Work note');
  expect(await folder()).not.toContain('Home note');
  const after = await names();
  expect(new Set(after).size).toBe(after.length); // no tool registered twice
  expect([...after].sort()).toEqual([...before].sort());
});

test('window.cairnAgent is frozen and answers like /mcp', async ({ page }) => {
  await openControlled(page);
  const out = await page.evaluate(async () => {
    const agent = window.cairnAgent;
    if (agent === undefined) return null;
    const tools = await agent.listTools();
    const res = await agent.callTool('vault_list_projects', {});
    const bad = await agent.callTool('vault_get_task', { id: '' });
    let replaced = true;
    try {
      (window as unknown as { cairnAgent: unknown }).cairnAgent = {};
      replaced = window.cairnAgent !== agent;
    } catch {
      replaced = false;
    }
    return {
      frozen: Object.isFrozen(agent),
      replaced,
      count: tools.length,
      isError: res.isError ?? false,
      bad,
    };
  });
  expect(out).not.toBeNull();
  expect(out?.frozen).toBe(true);
  expect(out?.replaced).toBe(false);
  expect(out?.count).toBeGreaterThan(10);
  expect(out?.isError).toBe(false);
  expect(out?.bad).toMatchObject({ isError: true, structuredContent: { code: 'VALIDATION' } });
});

test('window.cairnAgent.handleJsonRpc speaks MCP in the page: versions, list, calls, approval, notifications, errors', async ({
  page,
}) => {
  await openControlled(page);
  const rpc = (message: unknown) =>
    page.evaluate((m) => {
      if (window.cairnAgent === undefined) throw new Error('no window.cairnAgent');
      return window.cairnAgent.handleJsonRpc(m);
    }, message) as Promise<{
      jsonrpc: string;
      id: unknown;
      result?: Record<string, unknown>;
      error?: { code: number };
    } | null>;
  const initialize = (protocolVersion: string) =>
    rpc({
      jsonrpc: '2.0',
      id: `init-${protocolVersion}`,
      method: 'initialize',
      params: { protocolVersion, capabilities: {}, clientInfo: { name: 'page-e2e', version: '1' } },
    });
  for (const version of ['2025-11-25', '2026-07-28']) {
    const init = await initialize(version);
    expect(init).toMatchObject({
      jsonrpc: '2.0',
      id: `init-${version}`,
      result: { protocolVersion: version },
    });
    expect(init?.result?.serverInfo).toMatchObject({ name: 'cairn' });
  }
  // An unknown version gets the server's newest, as MCP has the server answer (the client decides).
  expect((await initialize('1999-01-01'))?.result?.protocolVersion).toBe('2026-07-28');

  const list = await rpc({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
  const tools = (list?.result?.tools ?? []) as { name: string; inputSchema: { type: string } }[];
  expect(tools.map((t) => t.name)).toEqual(
    expect.arrayContaining(['vault_read_note', 'vault_create_folder']),
  );
  expect(tools.every((t) => t.inputSchema.type === 'object')).toBe(true);

  const read = await rpc({
    jsonrpc: '2.0',
    id: 3,
    method: 'tools/call',
    params: { name: 'vault_get_project', arguments: { id: 'inbox' } },
  });
  expect(read?.id).toBe(3);
  expect(read?.result?.isError).toBeUndefined();
  expect(read?.result?.structuredContent).toMatchObject({ id: 'inbox', name: 'Inbox' });

  // A write waits for the user: the real dialog opens, "Allow once" lets it run.
  const pending = rpc({
    jsonrpc: '2.0',
    id: 4,
    method: 'tools/call',
    params: { name: 'vault_create_folder', arguments: { path: 'From the page' } },
  });
  const dialog = page.getByRole('dialog', { name: 'Agent request' });
  await expect(dialog).toContainText('vault_create_folder');
  await dialog.getByRole('button', { name: 'Allow once' }).click();
  const written = await pending;
  expect(written?.result?.isError).toBeUndefined();
  expect(written?.result?.structuredContent).toMatchObject({ path: 'From the page' });
  await expect(dialog).toBeHidden();
  const listed = await rpc({
    jsonrpc: '2.0',
    id: 5,
    method: 'tools/call',
    params: { name: 'vault_list_folder', arguments: { path: 'From the page' } },
  });
  expect(listed?.result?.isError).toBeUndefined(); // the folder exists (a missing one is NOT_FOUND)

  // A notification gets no response; malformed messages get the JSON-RPC error.
  expect(await rpc({ jsonrpc: '2.0', method: 'notifications/initialized' })).toBeNull();
  expect(await rpc({ jsonrpc: '1.0', id: 6, method: 'ping' })).toMatchObject({
    jsonrpc: '2.0',
    id: 6,
    error: { code: -32600 },
  });
  expect(await rpc('ping')).toMatchObject({ id: null, error: { code: -32600 } });
  expect(await rpc({ jsonrpc: '2.0', id: 7, method: 'no/such' })).toMatchObject({
    id: 7,
    error: { code: -32601 },
  });

  // Frozen: a property of the object cannot be replaced, nor the object itself.
  const frozen = await page.evaluate(() => {
    const agent = window.cairnAgent;
    if (agent === undefined) return null;
    const original = agent.handleJsonRpc;
    // Reflect.set reports what a strict-mode assignment throws on: false for a frozen object.
    const assigned = Reflect.set(agent, 'handleJsonRpc', async () => ({ forged: true }));
    const redefined = Reflect.defineProperty(window, 'cairnAgent', { value: {} });
    return { assigned, kept: agent.handleJsonRpc === original, redefined, same: window.cairnAgent === agent };
  });
  expect(frozen).toEqual({ assigned: false, kept: true, redefined: false, same: true });
});

test('a request from a foreign (opaque) origin never gets an answer from the vault', async ({ page }) => {
  await openControlled(page);
  // A sandboxed frame has an opaque origin ("Origin: null"). If the service worker sees its
  // request, it refuses with 403; if the browser does not route it there, no tab answers either.
  // The 403 rule itself is unit-tested in tests/unit/agent/mcpHttp.test.ts.
  const outcome = await page.evaluate(async () => {
    const target = `${location.origin}/mcp`;
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.srcdoc = `<script>
      fetch(${JSON.stringify(target)}, { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) })
        .then(async (r) => parent.postMessage({ status: r.status, body: await r.text() }, '*'))
        .catch((e) => parent.postMessage({ status: 0, body: String(e) }, '*'));
    </script>`;
    const reply = new Promise<{ status: number; body: string }>((resolve) =>
      window.addEventListener('message', (e) => resolve(e.data), { once: true }),
    );
    document.body.append(frame);
    return reply;
  });
  expect(outcome.status).not.toBe(200);
  expect(outcome.body).not.toContain('"tools"');
  if (outcome.status === 403) expect(outcome.body).toContain('own origin');
});

test('after the browser stops the service worker, /mcp still answers and the tab offers its port again', async ({
  page,
}) => {
  await openControlled(page);
  const before = await rpc(page, 'tools/call', { name: 'vault_list_projects', arguments: {} });
  expect(before.body?.result?.isError).toBeUndefined();
  // The service worker forgets the tab's port when it stops; the next call restarts it, goes
  // through the window (the slow path), and the tab registers a fresh port.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await page.evaluate(() => {
    const w = window as unknown as { slowPath: number };
    w.slowPath = 0;
    navigator.serviceWorker.addEventListener('message', (e) => {
      if ((e.data as { type?: string } | null)?.type === 'cairn:mcp') w.slowPath++;
    });
  });
  const slowPath = () => page.evaluate(() => (window as unknown as { slowPath: number }).slowPath);
  const call = async () => {
    const after = await rpc(page, 'tools/call', { name: 'vault_list_projects', arguments: {} });
    expect(after.status).toBe(200);
    expect(after.body?.result?.isError).toBeUndefined();
    expect(after.body?.result?.structuredContent).toEqual(before.body?.result?.structuredContent);
  };
  await call();
  expect(await slowPath()).toBe(0); // the port answers: the window's main thread is not involved
  await cdp.send('ServiceWorker.stopAllWorkers');
  await call();
  expect(await slowPath()).toBe(1); // the restarted worker had no port: through the window
  // ...which offered its port again: later calls stop coming through the window.
  await expect
    .poll(async () => {
      const seen = await slowPath();
      await call();
      return (await slowPath()) === seen;
    })
    .toBe(true);
});
