// `triggers`: declared once here, built by the caller's factory (chat enqueues a job, a channel
// mention captures the request). A caller that supplies no factory does not get the tool.
import { themis } from '../themis.catalog';

export default themis.tools({
  trigger_pr_review: { kind: 'mcp', server: 'themis', groups: ['triggers'], factory: true },
  trigger_code_generation: { kind: 'mcp', server: 'themis', groups: ['triggers'], factory: true },
});
