// A real Vite dev server with the plugin: one catalog edit gives exactly one regeneration (our own
// writes never trigger another), errors reach the overlay and clear on the fix, deleted output comes
// back, and with CI=true nothing is watched and a broken catalog stops the server from starting.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, createServer, type ViteDevServer } from 'vite';
import toolCatalog, { type GenerationEvent } from '../../plugin/bundler/vite';
import { createFixtureApp, fixtureTools, type FixtureApp } from './fixture-app';

interface DevSession {
  readonly app: FixtureApp;
  readonly server: ViteDevServer;
  readonly events: GenerationEvent[];
  /** Payloads the plugin sent to the browser (error overlay, reloads). */
  readonly sent: {
    type: string;
    err?: { message: string; frame?: string; loc?: { file: string; line: number } };
  }[];
  /** What the plugin printed in the terminal, each line as `info: …` or `error: …`. */
  readonly logs: string[];
}

const sessions: DevSession[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) {
    await s.server.close();
    s.app.remove();
  }
});

async function startDev(
  name: string,
  files: Record<string, string> = {},
  ci = false,
  onGenerate: (event: GenerationEvent) => void = () => {},
): Promise<DevSession> {
  const app = createFixtureApp(name, files);
  const events: GenerationEvent[] = [];
  const logs: string[] = [];
  const customLogger = createLogger('silent');
  customLogger.info = (message) => void logs.push(`info: ${message}`);
  customLogger.error = (message) => void logs.push(`error: ${message}`);
  const server = await createServer({
    root: app.dir,
    configFile: false,
    logLevel: 'silent',
    customLogger,
    clearScreen: false,
    server: { port: 0, strictPort: false, hmr: false },
    plugins: [
      toolCatalog({
        ci,
        onGenerate: (e) => {
          events.push(e);
          onGenerate(e);
        },
      }),
    ],
  });
  // Attached synchronously after creation, before chokidar's initial scan can finish.
  const watcherReady = new Promise((resolve) => server.watcher.once('ready', resolve));
  const sent: DevSession['sent'] = [];
  const send = server.ws.send.bind(server.ws) as (payload: unknown) => void;
  server.ws.send = ((payload: DevSession['sent'][number]) => {
    sent.push(payload);
    send(payload);
  }) as typeof server.ws.send;
  const session = { app, server, events, sent, logs };
  (globalThis as { __events?: unknown }).__events = events;
  sessions.push(session);
  await server.listen();
  await watcherReady; // an edit made during the initial scan would be missed by any watcher
  return session;
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline)
      throw new Error(
        `timed out waiting for ${what}${(globalThis as { __events?: unknown }).__events ? ` (events: ${JSON.stringify((globalThis as { __events?: unknown }).__events)})` : ''}`,
      );
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Every file the dev server's watcher reports from now on (the plugin hears the same reports). */
function watcherReports(server: ViteDevServer): string[] {
  const files: string[] = [];
  server.watcher.on('all', (_event, file) => files.push(path.resolve(file)));
  return files;
}

/**
 * Adds a new catalog file (a real change) and waits for the run it starts. The plugin runs one
 * generation at a time, in the order the watcher reported changes: whatever an earlier report set
 * off has been reported before this run's event, so a test can show that it set off nothing.
 */
async function runAfter(session: DevSession, marker: string): Promise<GenerationEvent> {
  const file = `catalog/${marker}.catalog.ts`;
  const count = session.events.length;
  session.app.write(
    file,
    `import { demo } from './demo.catalog';\nexport default demo.tools({ ${marker}: { kind: 'sdk', category: 'file', label: '${marker}' } });\n`,
  );
  await until(() => session.events.length > count, `the run after adding ${file}`);
  return session.events[count]!;
}
const GREP = `\n  Grep: { kind: 'sdk', category: 'file', exposure: 'user', label: 'Grep', description: 'Searches file contents' },`;

describe('Vite dev server', () => {
  it('regenerates exactly once per catalog edit and never on its own output', async () => {
    const session = await startDev('dev-edit');
    const { app, events, server } = session;
    const reported = watcherReports(server);
    await until(() => events.length === 1, 'the initial generation');
    expect(events[0]).toMatchObject({ reason: 'build-start', ok: true });
    const registry = app.file('src/generated/demo/registry.ts');
    expect(readFileSync(registry, 'utf8')).not.toContain("'Grep'");

    app.write('catalog/tools.catalog.ts', fixtureTools(GREP));
    await until(() => events.length >= 2, 'the regeneration');
    expect(events[1]).toMatchObject({
      reason: 'change',
      ok: true,
      file: app.file('catalog/tools.catalog.ts'),
    });
    expect(events[1]!.written).toContain(registry);
    expect(readFileSync(registry, 'utf8')).toContain("'Grep'");
    // Our writes land in the watched output folder: once the watcher has reported every one of them,
    // the next run must be the one a later real change starts.
    const written = events[1]!.written;
    await until(
      () => written.every((f) => reported.includes(f)),
      'the watcher reporting our writes',
    );
    expect(await runAfter(session, 'AfterOwnWrites')).toMatchObject({ reason: 'change', ok: true });
    expect(events).toHaveLength(3);

    // Saving the same bytes again (editors do) is not a change.
    const tools = app.file('catalog/tools.catalog.ts');
    const before = reported.length;
    app.write('catalog/tools.catalog.ts', fixtureTools(GREP));
    await until(() => reported.slice(before).includes(tools), 'the watcher reporting the save');
    expect(await runAfter(session, 'AfterSameBytes')).toMatchObject({
      reason: 'change',
      file: app.file('catalog/AfterSameBytes.catalog.ts'),
    });
    expect(events).toHaveLength(4);
  });

  it('shows a catalog error in the overlay and recovers when it is fixed', async () => {
    const { app, events, sent, logs } = await startDev('dev-error');
    await until(() => events.length === 1, 'the initial generation');
    const registry = app.file('src/generated/demo/registry.ts');
    const before = readFileSync(registry, 'utf8');

    app.write(
      'catalog/tools.catalog.ts',
      fixtureTools(GREP.replace("category: 'file'", "category: 'serach'")),
    );
    await until(() => events.length === 2, 'the failed regeneration');
    expect(events[1]).toMatchObject({ ok: false, written: [] });
    const overlay = sent.find((p) => p.type === 'error');
    expect(overlay?.err?.message).toContain('TC140');
    // The column the CLI prints (1-based): the overlay shows it and opens the editor there.
    expect(overlay?.err?.loc).toEqual({
      file: app.file('catalog/tools.catalog.ts'),
      line: 7,
      column: 34,
    });
    expect(overlay?.err?.message).toContain('catalog/tools.catalog.ts:7:34');
    expect(overlay?.err?.frame).toContain("category: 'serach'");
    expect(logs.filter((l) => l.startsWith('error:')).join('\n')).toContain('fix it and save');
    expect(readFileSync(registry, 'utf8')).toBe(before); // nothing half-written

    app.write('catalog/tools.catalog.ts', fixtureTools(GREP));
    await until(() => events.length === 3, 'the regeneration after the fix');
    expect(events[2]).toMatchObject({ ok: true });
    expect(readFileSync(registry, 'utf8')).toContain("'Grep'");
    expect(sent.filter((p) => p.type === 'full-reload')).toHaveLength(1); // clears the overlay
    // The terminal that showed the error says it is gone.
    expect(logs.at(-1)).toMatch(
      /^info: \[agent-tool-catalog\] the catalog's errors are fixed; regenerated \d+ files?$/,
    );
  });

  it('puts back generated output that was deleted or edited by hand', async () => {
    const { app, events, server } = await startDev('dev-delete');
    await until(() => events.length === 1, 'the initial generation');
    const registry = app.file('src/generated/demo/registry.ts');
    const content = readFileSync(registry, 'utf8');
    const watched: string[] = [];
    server.watcher.on('all', (event, file) => {
      if (event === 'add' || event === 'change') watched.push(path.resolve(file));
    });
    rmSync(registry);
    // The file is back before the run that wrote it reports: wait for both.
    await until(
      () => existsSync(registry) && events.length === 2,
      'the restored registry and its report',
    );
    expect(readFileSync(registry, 'utf8')).toBe(content);
    expect(events[1]).toMatchObject({ reason: 'output-deleted', written: [registry] });
    // The watcher watches the re-created file from its report of it on ('add', or 'change' where it
    // joins a deletion and a re-creation); an edit before then is the next test's case.
    await until(() => watched.includes(registry), 'the watcher reporting the restored registry');
    // An output edited by hand is put back too.
    writeFileSync(registry, `${content}\n// edited by hand\n`);
    await until(
      () => readFileSync(registry, 'utf8') === content && events.length === 3,
      'the restored edit',
    );
    expect(events[2]).toMatchObject({ reason: 'output-deleted', written: [registry] });
  });

  it('puts back an output edited again as it was put back, which the watcher does not report', async () => {
    let edit: (() => void) | undefined;
    const { app, events, server } = await startDev('dev-edit-again', {}, false, (e) => {
      if (e.reason === 'output-deleted') edit?.();
      edit = undefined;
    });
    await until(() => events.length === 1, 'the initial generation');
    const registry = app.file('src/generated/demo/registry.ts');
    const content = readFileSync(registry, 'utf8');
    // The watcher reports nothing more of the file, as for a second save within chokidar's window of
    // one change per file: only the first edit is reported, and the second lands the moment the
    // first is put back.
    await server.watcher.unwatch(registry);
    edit = () => writeFileSync(registry, `${content}\n// edited again\n`);
    writeFileSync(registry, `${content}\n// edited by hand\n`);
    server.watcher.emit('all', 'change', registry);
    await until(
      () => events.length === 3 && readFileSync(registry, 'utf8') === content,
      'the second edit put back',
    );
    expect(events.slice(1).map((e) => e.reason)).toEqual(['output-deleted', 'output-deleted']);
  });

  it('puts back an output edited before the watcher watched it, which only its add reports', async () => {
    const { app, events, server } = await startDev('dev-add-edit');
    await until(() => events.length === 1, 'the initial generation');
    const registry = app.file('src/generated/demo/registry.ts');
    const content = readFileSync(registry, 'utf8');
    // chokidar watches a re-created file from its 'add' on: an edit before then is not reported as a
    // change. Stop watching, edit, and report the file as chokidar then does: only as added.
    await server.watcher.unwatch(registry);
    writeFileSync(registry, `${content}\n// edited by hand before it was watched\n`);
    server.watcher.emit('all', 'add', registry);
    await until(
      () => readFileSync(registry, 'utf8') === content && events.length === 2,
      'the restored edit',
    );
    expect(events[1]).toMatchObject({ reason: 'output-deleted', written: [registry] });
  });

  it('with CI=true never watches', async () => {
    const watching = await startDev('dev-watching');
    const { app, events, server } = await startDev('dev-ci', {}, true);
    await until(() => events.length === 1, 'the initial generation');
    // The plugin hears about edits through one listener on the server's watcher: in CI it adds none.
    expect(server.watcher.listenerCount('all')).toBe(
      watching.server.watcher.listenerCount('all') - 1,
    );
    const reported = watcherReports(server);
    app.write('catalog/tools.catalog.ts', fixtureTools(GREP));
    await until(
      () => reported.includes(app.file('catalog/tools.catalog.ts')),
      'the watcher reporting the edit',
    );
    expect(events).toHaveLength(1);
    expect(readFileSync(app.file('src/generated/demo/registry.ts'), 'utf8')).not.toContain(
      "'Grep'",
    );
  });

  it('with CI=true a broken catalog fails the server start', async () => {
    await expect(
      startDev(
        'dev-ci-broken',
        {
          'catalog/tools.catalog.ts': fixtureTools(
            GREP.replace("category: 'file'", "category: 'serach'"),
          ),
        },
        true,
      ),
    ).rejects.toThrow(/TC140/);
  });
});
