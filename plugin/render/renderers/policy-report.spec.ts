import { describe, expect, it } from 'vitest';
import { demoModel, smallCatalog } from '../../../test/support/catalog-model';
import { loadTemplates } from '../templates';
import { renderPolicyReport } from './policy-report';

describe('the exposure matrix report', () => {
  it('lays out the Markdown report (for review)', () => {
    expect(renderPolicyReport(smallCatalog(), 'md', loadTemplates())).toMatchInlineSnapshot(`
      "# Exposure matrix of catalog \`demo\`

      6 tools. ✓ allowed, ✗ in \`disallowedTools\` (every user tool on).

      | context | has-git |
      |---|---|
      | C1 | true |
      | C2 | false |

      ## Shell

      | tool | runtime names | exposure | condition | pair group | depends on | approval | C1 | C2 |
      |---|---|---|---|---|---|---|:-:|:-:|
      | \`Bash\` Bash | \`Bash\` | user | — | — | — | permission-mode | ✓ | ✓ |
      | \`REPL\` REPL | \`REPL\` | disabled | — | — | — | permission-mode | ✗ | ✗ |

      ## File

      | tool | runtime names | exposure | condition | pair group | depends on | approval | C1 | C2 |
      |---|---|---|---|---|---|---|:-:|:-:|
      | \`Read\` Read | \`Read\` | user | — | — | — | auto | ✓ | ✓ |
      | \`EnterWorktree\` Enter worktree | \`EnterWorktree\` | conditional | has-git | worktree | — | permission-mode | ✓ | ✗ |
      | \`ExitWorktree\` Exit worktree | \`ExitWorktree\` | conditional | has-git | worktree | — | permission-mode | ✓ | ✗ |
      | \`Notes\` Notes | \`mcp__notes__notes\` | user | — | — | Read | permission-mode | ✓ | ✓ |

      ## Pair groups

      | pair group | members (all or nothing) |
      |---|---|
      | worktree | \`EnterWorktree\`, \`ExitWorktree\` |

      ## User toggles (every condition true)

      | toggle off | disallows |
      |---|---|
      | \`Bash\` | \`Bash\` |
      | \`Read\` | \`Read\`, \`Notes\` |
      | \`Notes\` | \`Notes\` |
      "
    `);
  });

  it('lays out the HTML report (for review)', () => {
    const page = renderPolicyReport(smallCatalog(), 'html', loadTemplates());
    expect(page).not.toMatch(/<link|<script|https?:/);
    expect(
      page.slice(page.indexOf('<h2>Shell</h2>'), page.indexOf('<h2>Files</h2>')),
    ).toMatchInlineSnapshot(`
      "<h2>Shell</h2>
      <table>
        <thead><tr><th>tool</th><th>runtime names</th><th>exposure</th><th>condition</th><th>pair group</th><th>depends on</th><th>approval</th><th class="c">C1</th><th class="c">C2</th></tr></thead>
        <tbody>
          <tr>
            <td><code>Bash</code> Bash<div class="desc">Runs shell commands</div></td>
            <td class="names"><code>Bash</code></td>
            <td><span class="badge user">user</span></td>
            <td></td>
            <td></td>
            <td></td>
            <td class="nowrap">permission-mode</td>
            <td class="c allowed">✓</td><td class="c allowed">✓</td>
          </tr>
          <tr>
            <td><code>REPL</code> REPL<div class="desc"></div></td>
            <td class="names"><code>REPL</code></td>
            <td><span class="badge disabled">disabled</span></td>
            <td></td>
            <td></td>
            <td></td>
            <td class="nowrap">permission-mode</td>
            <td class="c blocked">✗</td><td class="c blocked">✗</td>
          </tr>
        </tbody>
      </table>
      <h2>File</h2>
      <table>
        <thead><tr><th>tool</th><th>runtime names</th><th>exposure</th><th>condition</th><th>pair group</th><th>depends on</th><th>approval</th><th class="c">C1</th><th class="c">C2</th></tr></thead>
        <tbody>
          <tr>
            <td><code>Read</code> Read<div class="desc">Reads files</div></td>
            <td class="names"><code>Read</code></td>
            <td><span class="badge user">user</span></td>
            <td></td>
            <td></td>
            <td></td>
            <td class="nowrap">auto</td>
            <td class="c allowed">✓</td><td class="c allowed">✓</td>
          </tr>
          <tr>
            <td><code>EnterWorktree</code> Enter worktree<div class="desc"></div></td>
            <td class="names"><code>EnterWorktree</code></td>
            <td><span class="badge conditional">conditional</span></td>
            <td>has-git</td>
            <td>worktree</td>
            <td></td>
            <td class="nowrap">permission-mode</td>
            <td class="c allowed">✓</td><td class="c blocked">✗</td>
          </tr>
          <tr>
            <td><code>ExitWorktree</code> Exit worktree<div class="desc"></div></td>
            <td class="names"><code>ExitWorktree</code></td>
            <td><span class="badge conditional">conditional</span></td>
            <td>has-git</td>
            <td>worktree</td>
            <td></td>
            <td class="nowrap">permission-mode</td>
            <td class="c allowed">✓</td><td class="c blocked">✗</td>
          </tr>
          <tr>
            <td><code>Notes</code> Notes<div class="desc">Keeps notes</div></td>
            <td class="names"><code>mcp__notes__notes</code></td>
            <td><span class="badge user">user</span></td>
            <td></td>
            <td></td>
            <td>Read</td>
            <td class="nowrap">permission-mode</td>
            <td class="c allowed">✓</td><td class="c allowed">✓</td>
          </tr>
        </tbody>
      </table>

      <h2>Pair groups</h2>
      <table>
        <thead><tr><th>pair group</th><th>members (all or nothing)</th></tr></thead>
        <tbody>
          <tr><td>worktree</td><td>EnterWorktree, ExitWorktree</td></tr>
        </tbody>
      </table>

      <h2>User toggles (every condition true)</h2>
      <table>
        <thead><tr><th>toggle off</th><th>disallows</th></tr></thead>
        <tbody>
          <tr><td><code>Bash</code></td><td>Bash</td></tr>
          <tr><td><code>Read</code></td><td>Read, Notes</td></tr>
          <tr><td><code>Notes</code></td><td>Notes</td></tr>
        </tbody>
      </table>
      <p class="legend"><span>✓ allowed</span><span>✗ disallowed</span><span>generated by agent-tool-catalog</span></p>
      </body>
      </html>"
    `);
  });
});

describe('the exposure matrix report, property by property', () => {
  const markdown = () => renderPolicyReport(smallCatalog(), 'md', loadTemplates());

  it('groups tools by category, in declared order', () => {
    expect(markdown().indexOf('## Shell')).toBeLessThan(markdown().indexOf('## File'));
    expect(markdown()).toContain('| `Bash` Bash | `Bash` | user |');
  });

  it("shows each tool's condition and pair group, and a column per context", () => {
    expect(markdown()).toContain(
      '| `EnterWorktree` Enter worktree | `EnterWorktree` | conditional | ' +
        'has-git | worktree | — | permission-mode | ✓ | ✗ |',
    );
  });

  it('lists pair groups and user toggles', () => {
    expect(markdown()).toContain('| worktree | `EnterWorktree`, `ExitWorktree` |');
    expect(markdown()).toContain('| `Read` | `Read`, `Notes` |');
  });

  it('is one HTML page that loads nothing, with the catalog text escaped', () => {
    const model = demoModel(
      { categories: ['file'] },
      {
        Read: {
          kind: 'sdk',
          category: 'file',
          label: '<script>alert(1)</script>',
          description: 'a & b',
        },
      },
    );
    const page = renderPolicyReport(model, 'html', loadTemplates());
    expect(page).not.toMatch(/<link|<script|https?:/);
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('a &amp; b');
  });
});

describe('the exposure matrix report with callers', () => {
  it('gives every row the callers column its header has', () => {
    const model = demoModel(
      { groups: ['core'], callers: { AGENT: ['core'] } },
      { Read: { kind: 'sdk', groups: ['core'] }, Bash: { kind: 'sdk' } },
    );
    const report = renderPolicyReport(model, 'md', loadTemplates());
    const tools = report.slice(report.indexOf('| tool |'));
    const table = tools.slice(0, tools.indexOf('\n\n')).split('\n');
    const cells = (line: string) => line.split('|').length;
    expect(table[0]).toContain('| callers |');
    expect(table.map(cells)).toEqual(table.map(() => cells(table[0]!)));
    expect(table).toContain(
      '| `Read` Read | `Read` | internal | — | — | — | AGENT | permission-mode | ✓ |',
    );
  });
});
