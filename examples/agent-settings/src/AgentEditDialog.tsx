// The agent edit dialog: tool switches by category with one switch per pair group,
// icons from the app's binding file, every string through i18next in three locales, and the
// `disallowedTools` the SDK would receive for the saved `disabledTools`.
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentView } from '../server/api';
import { CLAUDE_CATEGORY_I18N_KEYS, CLAUDE_I18N_KEYS } from './generated/claude/i18n-keys';
import { Icon } from './icons.tsx';
import { LOCALES } from './i18n';
import { CLAUDE_UI_BINDINGS } from './tool-bindings';
import { buildSections, isRowOn, toggleRow, type ToolRow } from './tool-rows';

async function requestAgent(url: string, init?: RequestInit): Promise<AgentView> {
  const res = await fetch(url, init);
  const body = (await res.json()) as AgentView & { error?: string };
  if (!res.ok) throw new Error(body.error ?? `HTTP ${res.status}`);
  return body;
}

function Row({
  row,
  on,
  busy,
  onToggle,
}: {
  row: ToolRow;
  on: boolean;
  busy: boolean;
  onToggle: () => void;
}): ReactElement {
  const { t } = useTranslation(['catalog', 'app']);
  const label = row.tools.map((k) => t(CLAUDE_I18N_KEYS[k].label)).join(' / ');
  return (
    <li className="tool-row" data-testid={`row-${row.id}`} data-tools={row.tools.join(' ')}>
      <span className="icons">
        {row.tools.map((k) => (
          <Icon key={k} name={CLAUDE_UI_BINDINGS[k].icon} />
        ))}
      </span>
      <span className="text">
        <span className="label">{label}</span>
        <span className="description">
          {row.tools.map((k) => t(CLAUDE_I18N_KEYS[k].description)).join(' · ')}
        </span>
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={label}
        disabled={busy}
        data-testid={`switch-${row.id}`}
        className={on ? 'switch on' : 'switch'}
        onClick={onToggle}
      >
        <span className="knob" />
        <span className="state">{on ? t('app:on') : t('app:off')}</span>
      </button>
    </li>
  );
}

export function AgentEditDialog({ agentId }: { readonly agentId: string }): ReactElement {
  const { t, i18n } = useTranslation(['catalog', 'app']);
  const [agent, setAgent] = useState<AgentView>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const sections = useMemo(buildSections, []);

  useEffect(() => {
    requestAgent(`/api/agents/${agentId}`).then(setAgent, (e: Error) => setError(e.message));
  }, [agentId]);

  const toggle = (row: ToolRow) => {
    if (!agent) return;
    setBusy(true);
    requestAgent(`/api/agents/${agentId}/disabled-tools`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ disabledTools: toggleRow(row, agent.disabledTools) }),
    })
      .then(setAgent, (e: Error) => setError(e.message))
      .finally(() => setBusy(false));
  };

  const title = agent ? t('app:titleFor', { name: agent.name }) : t('app:title');
  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <main
      className="dialog"
      role="dialog"
      aria-labelledby="dialog-title"
      lang={i18n.resolvedLanguage}
    >
      <header>
        <h1 id="dialog-title">{title}</h1>
        <nav className="locales" aria-label={t('app:language')}>
          {LOCALES.map((l) => (
            <button
              key={l.id}
              type="button"
              lang={l.id}
              data-testid={`locale-${l.id}`}
              aria-pressed={l.id === i18n.resolvedLanguage}
              onClick={() => void i18n.changeLanguage(l.id)}
            >
              {l.name}
            </button>
          ))}
        </nav>
      </header>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <h2 className="tools-title">{t('app:tools')}</h2>
      {sections.map((section) => (
        <section
          key={section.category}
          data-testid={`category-${section.category}`}
          className="category"
        >
          <h3>{t(CLAUDE_CATEGORY_I18N_KEYS[section.category])}</h3>
          <ul>
            {section.rows.map((row) => (
              <Row
                key={row.id}
                row={row}
                busy={busy || !agent}
                on={agent ? isRowOn(row, agent.disabledTools) : true}
                onToggle={() => toggle(row)}
              />
            ))}
          </ul>
        </section>
      ))}
      <aside className="sdk" aria-live="polite">
        <h2>{t('app:disallowed')}</h2>
        <p className="session">
          {t('app:session', {
            conditions: agent
              ? Object.entries(agent.context)
                  .map(([k, v]) => `${k}=${String(v)}`)
                  .join(', ')
              : '…',
          })}
        </p>
        <pre data-testid="disallowed-tools">
          {agent ? JSON.stringify(agent.sdk.disallowedTools, null, 1) : '…'}
        </pre>
      </aside>
    </main>
  );
}
