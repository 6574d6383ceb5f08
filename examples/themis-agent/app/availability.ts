// One-off availability checks referenced from the catalog by module + export; a check that two
// tools share belongs in the context's predicates instead.
import type { ThemisToolContext } from '../generated/themis';

export const isPersonalSpace = (context: ThemisToolContext): boolean => context.data.space.personal;
