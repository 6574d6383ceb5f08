// Local search only; web search lives in `context`.
import { claude } from '../claude.catalog';

export default claude.tools({
  Glob: {
    kind: 'sdk', category: 'search', exposure: 'user', approval: 'auto', icon: 'folder-search',
    label: 'Glob', description: 'Finds files by name pattern',
  },
  Grep: {
    kind: 'sdk', category: 'search', exposure: 'user', approval: 'auto', icon: 'text-search',
    label: 'Grep', description: 'Searches file contents with regular expressions',
  },
});
