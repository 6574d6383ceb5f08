// Mounts the agent edit dialog with its i18next instance, and the CJK web fonts (one per script) that
// draw its Chinese text on any machine, whatever fonts the system has.
import '@fontsource-variable/noto-sans-sc';
import '@fontsource-variable/noto-sans-tc';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { AgentEditDialog } from './AgentEditDialog.tsx';
import { createI18n } from './i18n';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={createI18n()}>
      <AgentEditDialog agentId="demo" />
    </I18nextProvider>
  </StrictMode>,
);
