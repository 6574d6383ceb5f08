// File tools. The SDK types FileRead/FileWrite/FileEdit are the tools Read/Write/Edit.
import { claude } from '../claude.catalog';

export default claude.tools({
  Read: {
    kind: 'sdk', sdkType: 'FileRead', category: 'file', exposure: 'user', approval: 'auto', icon: 'file-text',
    label: 'Read', description: 'Reads files from the workspace',
  },
  Write: {
    kind: 'sdk', sdkType: 'FileWrite', category: 'file', exposure: 'user', icon: 'file-plus',
    label: 'Write', description: 'Creates or overwrites files',
  },
  Edit: {
    kind: 'sdk', sdkType: 'FileEdit', category: 'file', exposure: 'user', icon: 'file-pen',
    label: 'Edit', description: 'Edits files with exact string replacements',
  },
  NotebookEdit: {
    kind: 'sdk', category: 'file', exposure: 'disabled', icon: 'notebook',
    label: 'Notebook edit', description: 'Edits Jupyter notebook cells (not needed in the app)',
  },
});
