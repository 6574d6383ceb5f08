// Mounts the agent edit dialog.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AgentEditDialog } from './AgentEditDialog.tsx';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AgentEditDialog agentId="demo" />
  </StrictMode>,
);
